// A story's status moves with its verdict, through the root's dispatcher as every face asks: a verify run or an
// assertions run that finds the story verified makes it done (on disk, so the Backlog and the export say so), and
// a regression takes it back to in progress.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import { seedSprintStory } from '../../../test/support/proofProject';
import type { StoriesChange } from '../../shared/storiesChange';
import type { Story } from '../../shared/stories';
import { createRoot, type Root } from '../app/core';
import { StoriesRepo } from '../store/storiesRepo';
import { moveStatusesWithVerdicts, statusForVerdict } from './statusFromVerdict';

let repo: GitFixture;
let userData: string;
let root: Root;
let storyId: string;
const changes: StoriesChange[] = [];

beforeEach(async () => {
  repo = await createGitFixture('puffin-status-');
  ({ storyId } = await seedSprintStory(repo.dir, {
    story: { title: 'Counts', description: '', acceptanceCriteria: ['Has count'] },
    sprintTitle: 'Count',
    assertions: [
      { id: 'count', type: 'FILE_CONTAINS', target: 'src/count.ts', assertion: { content: 'count' } },
    ],
  }));
  await repo.write({ 'src/count.ts': 'export const count = 1;\n' });
  userData = await mkdtemp(path.join(os.tmpdir(), 'puffin-status-user-'));
  root = await createRoot({ userDataDir: userData, platform: { face: 'browser' } });
  changes.length = 0;
  root.onEvent((event, payload) => {
    if (event === 'stories:changed') changes.push(payload as StoriesChange);
  });
});
afterEach(async () => {
  await root.dispose();
  await repo.cleanup();
  await rm(userData, { recursive: true, force: true });
});

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const r = await root.dispatch(channel, payload, { face: 'test' });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
}
const status = async () => (await call<Story[]>('stories:list', {})).find((s) => s.id === storyId)!.status;

describe('a story’s status follows its verdict', () => {
  it('verify makes a verified story done and a regressed one in progress again', async () => {
    await call('project:open', { path: repo.dir });
    expect(await status()).toBe('pending');
    await call('verify:run', {});
    expect(await status()).toBe('done');
    expect(changes.map((c) => c.changed.map((s) => [s.id, s.status]))).toEqual([[[storyId, 'done']]]);

    await call('verify:run', {}); // still verified: nothing to write, nothing to tell
    expect(changes).toHaveLength(1);

    await repo.write({ 'src/count.ts': 'export const total = 1;\n' });
    await call('verify:run', {});
    expect(await status()).toBe('in_progress');
  });

  it('an assertions run that passes every assertion makes the story done', async () => {
    await call('project:open', { path: repo.dir });
    await call('assertions:run', { storyId });
    expect(await status()).toBe('done');
  });

  it('leaves archived stories archived and a failing story’s status as the user set it', () => {
    expect(statusForVerdict('archived', 'verified')).toBe('archived');
    expect(statusForVerdict('in_progress', 'failing')).toBe('in_progress');
    expect(statusForVerdict('pending', 'regressed')).toBe('pending');
    expect(statusForVerdict('done', 'unspecified')).toBe('done');
  });
});

describe('moving statuses on a large backlog', () => {
  it('reads no story whose verdict cannot move it, and keeps the backlog index current', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-status-index-'));
    try {
      const stories = new StoriesRepo(dir);
      const [a, b, c] = await stories.accept(
        ['A', 'B', 'C'].map((title) => ({ title, description: '', acceptanceCriteria: [] })),
      );
      await stories.index.entries();
      const reads = vi.spyOn(stories.records, 'current');
      const moved = await moveStatusesWithVerdicts(stories, [
        { id: a!.id, status: 'unspecified' },
        { id: b!.id, status: 'verified' },
        { id: c!.id, status: 'failing' },
      ]);
      expect(moved.map((s) => [s.title, s.status])).toEqual([['B', 'done']]);
      expect(reads.mock.calls.map(([id]) => id)).toEqual([b!.id]);
      // Verified again: nothing moves, and nothing is locked or written, so the stories folder (which the index
      // is checked against) does not change and the next process loads the index as it is.
      const before = (await stat(stories.records.dir)).mtimeMs;
      expect(await moveStatusesWithVerdicts(stories, [{ id: b!.id, status: 'verified' }])).toEqual([]);
      expect(reads).toHaveBeenCalledTimes(1);
      expect((await stat(stories.records.dir)).mtimeMs).toBe(before);
      // Another face opening the store lists it from the index, without reading a story, and sees B done.
      const next = new StoriesRepo(dir);
      const scans = vi.spyOn(next.records, 'readUncached');
      expect((await next.index.entries()).map((e) => `${e.title}:${e.status}`)).toEqual([
        'A:pending',
        'B:done',
        'C:pending',
      ]);
      expect(scans).not.toHaveBeenCalled();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
