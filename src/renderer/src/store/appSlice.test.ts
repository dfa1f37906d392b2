import { expect, it } from 'vitest';
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
