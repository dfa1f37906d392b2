import { describe, expect, it } from 'vitest';
import { reload, setupStore } from '../../../../test/support/renderer/setup';
import type { Client } from '../bridge/client';
import { createAppStore } from './appStore';

function clientWith(problems?: string[]): Client {
  const answers: Record<string, unknown> = {
    'app:info': { name: 'Puffin', face: 'browser', ...(problems ? { problems } : {}) },
    'settings:get': {},
    'project:current': null,
    'log:recent': [],
  };
  return {
    call: (channel: string) => Promise.resolve(answers[channel]),
    on: () => () => {},
  } as unknown as Client;
}

it('a settings file kept aside at start is shown as an error notice, with where it was kept', async () => {
  const store = createAppStore(clientWith(['Your settings file could not be read; it was kept aside as X.']));
  await store.getState().boot();
  expect(store.getState().notice).toMatchObject({
    kind: 'error',
    message: expect.stringContaining('kept aside as X'),
  });
});

it('no notice when the settings were read', async () => {
  const store = createAppStore(clientWith());
  await store.getState().boot();
  expect(store.getState().notice).toBeNull();
});

describe('the panel shown', () => {
  it('comes back after a reload, whatever moved to it', () => {
    const setup = setupStore();
    expect(setup.store.getState().view).toBe('project');
    setup.store.getState().setView('history');
    expect(reload(setup).store.getState().view).toBe('history');
    // A flow that opens its panel (History's raw lines open Activity) counts too.
    setup.store.setState({ view: 'activity' });
    expect(reload(setup).store.getState().view).toBe('activity');
  });

  it('starts on the Project panel in a new tab, or when the kept value is not a panel', () => {
    const setup = setupStore();
    window.sessionStorage.setItem('puffin.view.v1', 'nonsense');
    expect(reload(setup).store.getState().view).toBe('project');
  });

  it('puts a notice away when the user moves to another panel, not when the same panel is chosen again', () => {
    const { store } = setupStore();
    store.getState().setView('settings');
    store.getState().notify({ kind: 'info', message: 'Settings saved.' });
    store.getState().setView('settings');
    expect(store.getState().notice?.message).toBe('Settings saved.');
    store.getState().setView('backlog');
    expect(store.getState().notice).toBeNull();
  });
});
