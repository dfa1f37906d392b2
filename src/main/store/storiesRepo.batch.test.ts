// A batch of backlog writes (accept, setStatus, restore, delete) that fails part-way leaves nothing applied, so a
// retry neither duplicates nor half-applies (a full disk on one of the files).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoryDraft } from '../../shared/stories';
import * as atomicFile from '../base/atomicFile';
import { ServiceError } from '../base/errors';
import { StoriesRepo } from './storiesRepo';
import { StoriesLeftChanged } from './storyBatch';

vi.mock('../base/atomicFile', async (original) => {
  const real = await original<typeof atomicFile>();
  return { ...real, writeFileAtomic: vi.fn(real.writeFileAtomic), removeFile: vi.fn(real.removeFile) };
});
const write = vi.mocked(atomicFile.writeFileAtomic);
const remove = vi.mocked(atomicFile.removeFile);

/** Writes started by the code under test, so a check never runs before a write still under way lands. */
let inflight: Promise<unknown>[] = [];
const settled = () => Promise.allSettled(inflight);

/** The nth write from now fails as a full disk does (writeErrors' typed disk_full). */
function failNthWrite(n: number): void {
  const real = write.getMockImplementation()!;
  let calls = 0;
  write.mockImplementation((path, data) => {
    calls += 1;
    if (calls === n)
      return Promise.reject(
        new ServiceError('disk_full', `The disk is full: ${path}`, { path, errno: 'ENOSPC' }),
      );
    const p = real(path, data);
    inflight.push(p);
    return p;
  });
}

/** The 2nd removal from now fails (a file held open elsewhere); returns the real removal. */
function failSecondRemoval(): typeof atomicFile.removeFile {
  const real = remove.getMockImplementation()!;
  let calls = 0;
  remove.mockImplementation((path) => (++calls === 2 ? Promise.reject(new Error('EBUSY')) : real(path)));
  return real;
}

let dir: string;
let realWrite: typeof atomicFile.writeFileAtomic;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-batch-'));
  realWrite = write.getMockImplementation()!;
  inflight = [];
});
afterEach(async () => {
  write.mockImplementation(realWrite);
  remove.mockClear();
  write.mockClear();
  await rm(dir, { recursive: true, force: true });
});

const draft = (title: string): StoryDraft => ({
  title,
  description: `As a user, ${title}`,
  acceptanceCriteria: ['ok'],
});
const files = async () =>
  (await readdir(join(dir, 'stories')).catch(() => [])).filter((f) => f.endsWith('.json'));

describe('StoriesRepo batches that fail part-way', () => {
  it('accept: a write failing on the 3rd of 5 stories keeps none; the retry adds each story once', async () => {
    const repo = new StoriesRepo(dir);
    const drafts = ['A', 'B', 'C', 'D', 'E'].map(draft);
    failNthWrite(3);
    await expect(repo.accept(drafts, 'gen-1')).rejects.toMatchObject({ code: 'disk_full' });
    await settled();
    expect(await files()).toEqual([]);
    expect(await repo.list()).toEqual([]);
    expect(await new StoriesRepo(dir).list()).toEqual([]);

    write.mockImplementation(realWrite); // space freed
    await repo.accept(drafts, 'gen-1');
    expect((await new StoriesRepo(dir).list()).map((s) => s.title)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(await files()).toHaveLength(5);
  });

  it('accept: an invalid draft is refused before any story is written', async () => {
    const repo = new StoriesRepo(dir);
    const bad = { ...draft('B'), title: '' }; // the contract refuses it; the store must too
    await expect(repo.accept([draft('A'), bad, draft('C')], 'gen-1')).rejects.toMatchObject({
      code: 'invalid_draft',
    });
    expect(await files()).toEqual([]);
    expect(write).not.toHaveBeenCalledWith(expect.stringContaining('stories'), expect.anything());
  });

  it('setStatus: a failed write leaves every story as it was', async () => {
    const repo = new StoriesRepo(dir);
    const stories = await repo.accept(['A', 'B', 'C'].map(draft));
    failNthWrite(2);
    await expect(
      repo.setStatus(
        stories.map((s) => s.id),
        'archived',
      ),
    ).rejects.toMatchObject({ code: 'disk_full' });
    await settled();
    expect((await new StoriesRepo(dir).list()).map((s) => s.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect((await repo.list()).map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('restore: a failed write restores none', async () => {
    const repo = new StoriesRepo(dir);
    const stories = await repo.accept(['A', 'B', 'C'].map(draft));
    const removed = await repo.delete(stories.map((s) => s.id));
    failNthWrite(2);
    await expect(repo.restore(removed)).rejects.toMatchObject({ code: 'disk_full' });
    await settled();
    expect(await new StoriesRepo(dir).list()).toEqual([]);
    write.mockImplementation(realWrite);
    expect((await repo.restore(removed)).map((s) => s.title)).toEqual(['A', 'B', 'C']);
  });

  it('delete: a removal failing mid-way puts back what was removed', async () => {
    const repo = new StoriesRepo(dir);
    const stories = await repo.accept(['A', 'B', 'C'].map(draft));
    const real = failSecondRemoval();
    await expect(repo.delete(stories.map((s) => s.id))).rejects.toThrow('EBUSY');
    remove.mockImplementation(real);
    expect((await new StoriesRepo(dir).list()).map((s) => s.title)).toEqual(['A', 'B', 'C']);
  });

  it('a failure that cannot be undone says what stays changed (the deleted stories, for undo)', async () => {
    const repo = new StoriesRepo(dir);
    const stories = await repo.accept(['A', 'B', 'C'].map(draft));
    const real = failSecondRemoval();
    write.mockImplementation(() => Promise.reject(new Error('EIO'))); // nor can anything be put back
    const err = await repo.delete(stories.map((s) => s.id)).catch((e: unknown) => e);
    remove.mockImplementation(real);
    expect(err).toBeInstanceOf(StoriesLeftChanged);
    const left = err as StoriesLeftChanged;
    expect(left.deleted.map((s) => s.title).sort()).toEqual(['A', 'C']);
    expect(left.changed).toEqual([]);
    expect((await new StoriesRepo(dir).list()).map((s) => s.title)).toEqual(['B']);
  });
});
