// verify's project source reads only what exists: a story without a stored assertion set costs no file read and is
// reported by id alone, a specified story's title comes from its record, and a set stored by another process since
// the last run is seen at once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assertion } from '../../shared/assertions';
import * as storySets from '../assertions/storySets';
import * as resultStore from '../assertions/resultStore';
import { PlanStore } from '../plans/planStore';
import * as recordFile from '../store/recordFile';
import { StoriesRepo } from '../store/storiesRepo';
import { projectVerifySource } from './projectSource';
import { verifyProject } from './verifyProject';

vi.mock('../assertions/storySets', { spy: true });
vi.mock('../assertions/resultStore', { spy: true });
vi.mock('../store/recordFile', { spy: true });

const exists = (target: string): Assertion[] => [
  { id: 'a', type: 'FILE_EXISTS', target, message: `${target} exists` } as Assertion,
];

let dir: string;
let ids: string[];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'puffin-source-'));
  const stories = await new StoriesRepo(path.join(dir, '.puffin')).accept(
    Array.from({ length: 30 }, (_, i) => ({
      title: `Story ${i}`,
      description: 'd',
      acceptanceCriteria: ['c'],
    })),
  );
  ids = stories.map((s) => s.id);
  await storySets.writeStoryAssertions(dir, ids[7]!, exists('package.json'));
  vi.clearAllMocks();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const storyFilesRead = () =>
  vi
    .mocked(recordFile.readRecord)
    .mock.calls.map(([, file]) => file)
    .filter((f) => f.includes(`${path.sep}stories${path.sep}`));

describe('projectVerifySource', () => {
  it('a verify reads the set, history and record of the specified story alone; the others are id and verdict', async () => {
    const { report } = await verifyProject(dir, projectVerifySource(dir));
    expect(report.stories).toHaveLength(30);
    expect(report.stories.map((s) => s.id)).toEqual(ids);
    expect(report.stories[7]).toMatchObject({ title: 'Story 7', status: 'failing' });
    expect(report.stories[3]).toEqual({ id: ids[3], status: 'unspecified' });
    expect(
      report.stories.filter((s) => s.status === 'unspecified').every((s) => Object.keys(s).length === 2),
    ).toBe(true);
    expect(report.counts).toEqual({ verified: 0, failing: 1, regressed: 0, unspecified: 29 });
    expect(vi.mocked(storySets.readStoredSet).mock.calls.map(([, id]) => id)).toEqual([ids[7]]);
    expect(vi.mocked(resultStore.readHistory).mock.calls.map(([, id]) => id)).toEqual([ids[7]]);
    expect(storyFilesRead().map((f) => path.basename(f, '.json'))).toEqual([ids[7]]);
  });

  it('a sprint’s verify reads the record of its specified story alone, for its title', async () => {
    const at = new Date().toISOString();
    const sprint = { id: 'sprint-1', title: 'S', storyIds: [ids[3]!, ids[7]!], createdAt: at, updatedAt: at };
    await new PlanStore(path.join(dir, '.puffin')).sprints.put({ ...sprint, status: 'open' });
    vi.clearAllMocks();
    const { report } = await verifyProject(dir, projectVerifySource(dir), { sprintId: 'sprint-1' });
    expect(report.stories).toEqual([
      { id: ids[3], status: 'unspecified' },
      expect.objectContaining({ id: ids[7], title: 'Story 7', status: 'failing' }),
    ]);
    expect(
      storyFilesRead()
        .map((f) => path.basename(f, '.json'))
        .sort(),
    ).toEqual([ids[7]]);
  });

  it('a set another process stored after a run is verified by the next run of the same source', async () => {
    const source = projectVerifySource(dir);
    const first = await verifyProject(dir, source);
    expect(first.report.stories.find((s) => s.id === ids[12])?.status).toBe('unspecified');
    // Written the way the assertions step writes it, not through this source.
    await storySets.writeStoryAssertions(dir, ids[12]!, exists('.puffin'));
    const second = await verifyProject(dir, source);
    expect(second.report.stories.find((s) => s.id === ids[12])).toMatchObject({
      title: 'Story 12',
      status: 'verified',
    });
    expect(second.report.counts).toMatchObject({ verified: 1, failing: 1, unspecified: 28 });
  });

  it('a story asked for by id is read even when a listing would have said it has no set', async () => {
    const source = projectVerifySource(dir);
    expect(await source.assertions(ids[3]!)).toEqual([]);
    await storySets.writeStoryAssertions(dir, ids[3]!, exists('.puffin'));
    expect((await source.assertions(ids[3]!)).map((a) => a.id)).toEqual(['a']);
  });

  it('a story whose set is gone has no history, though its recorded runs stay', async () => {
    const source = projectVerifySource(dir);
    await verifyProject(dir, source);
    expect(await source.history(ids[7]!)).toHaveLength(1);
    await rm(storySets.storyAssertionsPath(dir, ids[7]!));
    expect(await source.history(ids[7]!)).toEqual([]);
    expect((await resultStore.readHistory(dir, ids[7]!)).kind).toBe('ok');
  });
});
