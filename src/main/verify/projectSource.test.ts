// verify's project source reads only what exists: a story without a stored assertion set costs no file read.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as storySets from '../assertions/storySets';
import * as resultStore from '../assertions/resultStore';
import { StoriesRepo } from '../store/storiesRepo';
import { projectVerifySource } from './projectSource';

vi.mock('../assertions/storySets', { spy: true });
vi.mock('../assertions/resultStore', { spy: true });

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('projectVerifySource', () => {
  it('reads the assertions and history of specified stories only', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'puffin-source-'));
    const stories = await new StoriesRepo(path.join(dir, '.puffin')).accept(
      Array.from({ length: 30 }, (_, i) => ({
        title: `Story ${i}`,
        description: 'd',
        acceptanceCriteria: ['c'],
      })),
    );
    const specified = stories[7]!.id;
    await mkdir(path.join(dir, '.puffin', 'assertions'), { recursive: true });
    const set = [{ id: 'a', type: 'FILE_EXISTS', target: 'x.ts', message: 'x exists' }];
    await writeFile(
      path.join(dir, '.puffin', 'assertions', `${specified}.json`),
      JSON.stringify({ storyId: specified, assertions: set }),
    );
    const source = projectVerifySource(dir);
    for (const ref of await source.stories(null)) {
      const assertions = await source.assertions(ref.id);
      expect(assertions).toHaveLength(ref.id === specified ? 1 : 0);
      await source.history(ref.id);
    }
    expect(vi.mocked(storySets.readStoredSet).mock.calls.map(([, id]) => id)).toEqual([specified]);
    expect(vi.mocked(resultStore.readHistory).mock.calls.map(([, id]) => id)).toEqual([specified]);
  });
});
