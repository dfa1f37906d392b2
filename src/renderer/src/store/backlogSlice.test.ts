import { describe, expect, it } from 'vitest';
import { testStory } from '../../../../test/support/planFixtures';
import { IpcError } from '../../../shared/ipc/errors';
import type { Client } from '../bridge/client';
import { createAppStore } from './appStore';

const story = testStory('a', 'A');

describe('backlog slice: deleting', () => {
  it('still offers undo of the stories a failed deletion left deleted', async () => {
    const failure = new IpcError({
      code: 'disk_full',
      message: 'The disk is full. Puffin could not undo the part already done: deleted 1 ("A").',
      details: { changed: [], deleted: [story] },
    });
    const client: Client = { call: () => Promise.reject(failure), on: () => () => {} };
    const store = createAppStore(client);
    await store.getState().deleteStories(['a', 'b']);
    expect(store.getState().undo).toEqual([story]);
    expect(store.getState().notice).toMatchObject({ kind: 'error' });
  });
});
