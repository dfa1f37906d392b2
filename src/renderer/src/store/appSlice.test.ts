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

describe('runWorkflow: a workflow through its own channel', () => {
  // No real workflow may declare an action yet: the channel is a fake one, so its type is cast.
  const channel = 'notes:tag' as never;

  it('gives the workflow’s value and asks the channel with the request as given', async () => {
    const asked: unknown[] = [];
    const client = {
      call: (c: string, request: unknown) => {
        asked.push([c, request]);
        return Promise.resolve({ data: ['ui'], source: 'structured_output', warnings: [], meta: {} });
      },
      on: () => () => {},
    } as unknown as Client;
    const store = createAppStore(client);
    await expect(store.getState().runWorkflow(channel, { text: 'a note' } as never)).resolves.toEqual(['ui']);
    expect(asked).toEqual([['notes:tag', { text: 'a note' }]]);
  });

  it('gives null and a notice saying why when the call fails', async () => {
    const failure = Object.assign(new Error('Open a project first.'), { code: 'no_project' });
    const client = { call: () => Promise.reject(failure), on: () => () => {} } as unknown as Client;
    const store = createAppStore(client);
    await expect(store.getState().runWorkflow(channel, {} as never)).resolves.toBeNull();
    expect(store.getState().notice).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('Open a project'),
    });
  });
});
