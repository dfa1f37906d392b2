// verify reading only the specified stories reports exactly what reading every story reports: the same project,
// copied, verified once through the project source and once through a source that reads every story record and
// asks for every story's set and history (as verify did before it knew which stories have sets). A story without a
// set is reported by id and verdict alone, where the full scan checked it and found nothing: the only difference, and
// the JUnit file (given the backlog's titles) is the same.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Assertion } from '../../shared/assertions';
import { AssertionInputError, readStoryAssertions } from '../assertions/input';
import { appendRun, readHistory } from '../assertions/resultStore';
import { storyIdsWithSets, writeStoryAssertions } from '../assertions/storySets';
import { PlanStore } from '../plans/planStore';
import { StoriesRepo } from '../store/storiesRepo';
import { toJUnitXml } from './junit';
import { projectVerifySource } from './projectSource';
import { verifyProject, type VerifySource } from './verifyProject';

function fullScanSource(dir: string): VerifySource {
  const store = path.join(dir, '.puffin');
  const hasSet = async (id: string) => (await storyIdsWithSets(dir)).includes(id);
  return {
    async stories(sprintId) {
      const all = await new StoriesRepo(store).list();
      const titles = new Map(all.map((s) => [s.id, s.title]));
      const ref = (id: string) => ({ id, title: titles.get(id) ?? '' });
      if (sprintId !== null) return (await new PlanStore(store).sprints.get(sprintId))!.storyIds.map(ref);
      const extra = (await storyIdsWithSets(dir)).filter((id) => !titles.has(id)).sort();
      return [...all.map((s) => s.id), ...extra].map(ref);
    },
    async assertions(id) {
      if (!(await hasSet(id))) return [];
      return readStoryAssertions(dir, id).catch((err: unknown) => {
        if (err instanceof AssertionInputError && err.code === 'file_not_found') return [];
        throw err;
      });
    },
    async history(id) {
      if (!(await hasSet(id))) return [];
      const read = await readHistory(dir, id);
      return read.kind === 'ok' ? read.history.runs : [];
    },
    record: (id, run) => appendRun(dir, id, run).then(() => undefined),
  };
}

const set = (...targets: string[]): Assertion[] =>
  targets.map(
    (target, i) => ({ id: `a${i}`, type: 'FILE_EXISTS', target, message: `${target} exists` }) as Assertion,
  );

let base: string;
const made: string[] = [];
const NOT_IN_BACKLOG = '0f0f0f0f-0000-4000-a000-000000000000';

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'puffin-fullscan-'));
  made.push(base);
  await writeFile(path.join(base, 'kept.md'), 'x');
  await writeFile(path.join(base, 'goes.md'), 'x');
  const stories = await new StoriesRepo(path.join(base, '.puffin')).accept(
    ['Passes', 'Will regress', 'Never passes', 'Plain', 'Set deleted', 'Unreadable set'].map((title) => ({
      title,
      description: 'd',
      acceptanceCriteria: ['c'],
    })),
  );
  const [passes, regresses, never, , deleted, unreadable] = stories.map((s) => s.id);
  await writeStoryAssertions(base, passes!, set('kept.md'));
  await writeStoryAssertions(base, regresses!, set('kept.md', 'goes.md'));
  await writeStoryAssertions(base, never!, set('missing.md'));
  await writeStoryAssertions(base, deleted!, set('kept.md'));
  await writeStoryAssertions(base, NOT_IN_BACKLOG, set('kept.md'));
  // One run recorded for every set, then the project changes: a regression, a set whose story is gone from the
  // stored sets (its runs stay), an unreadable set.
  await verifyProject(base, fullScanSource(base));
  await rm(path.join(base, 'goes.md'));
  await rm(path.join(base, '.puffin', 'assertions', `${deleted}.json`));
  await writeFile(path.join(base, '.puffin', 'assertions', `${unreadable}.json`), '{not json');
  const at = new Date().toISOString();
  const sprint = {
    id: 'sprint-1',
    title: 'S',
    storyIds: [regresses!, stories[3]!.id, unreadable!],
    createdAt: at,
    updatedAt: at,
  };
  await new PlanStore(path.join(base, '.puffin')).sprints.put({ ...sprint, status: 'open' });
});
afterEach(async () => {
  await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** The outcome with what differs between two runs of the same project removed: times, durations, the folder. */
async function outcomeOf(source: (dir: string) => VerifySource, sprintId: string | null): Promise<unknown> {
  const dir = await mkdtemp(path.join(tmpdir(), 'puffin-fullscan-copy-'));
  made.push(dir);
  await cp(base, dir, { recursive: true });
  const sets = new Set(await storyIdsWithSets(dir));
  const titles = new Map(
    (await new StoriesRepo(path.join(dir, '.puffin')).list()).map((s) => [s.id, s.title]),
  );
  const { report, messages, warnings } = await verifyProject(dir, source(dir), { sprintId });
  // The messages name the test cases of the JUnit file: a story without assertions has none to name.
  const named = [...messages].filter(([, m]) => m.size > 0).map(([id, m]) => [id, [...m]]);
  const junit = toJUnitXml(report, messages, titles).replace(/ (time|timestamp)="[^"]*"/g, '');
  report.stories = report.stories.map((s) =>
    s.status === 'unspecified' && !sets.has(s.id) ? { id: s.id, status: s.status } : s,
  );
  const text = JSON.stringify({ report, named, junit, warnings }, (k, v: unknown) =>
    k === 'startedAt' || k === 'durationMs' ? undefined : v,
  );
  return JSON.parse(text.replaceAll(dir, '<dir>').replace(/kept aside as [^"\\ ]+/g, 'kept aside as <kept>'));
}

describe('verify of the specified stories only', () => {
  it('reports what a full scan of every story reports', async () => {
    const full = await outcomeOf(fullScanSource, null);
    expect(await outcomeOf(projectVerifySource, null)).toEqual(full);
    // The cases are there: each verdict, a regression, a set outside the backlog, an unreadable set.
    const { report } = full as {
      report: { counts: object; regressions: unknown[]; stories: { id: string }[] };
    };
    expect(report.counts).toEqual({ verified: 2, failing: 2, regressed: 1, unspecified: 2 });
    expect(report.regressions).toHaveLength(1);
    expect(report.stories.at(-1)!.id).toBe(NOT_IN_BACKLOG);
  });

  it('reports what a full scan reports for a sprint', async () => {
    const full = await outcomeOf(fullScanSource, 'sprint-1');
    expect(await outcomeOf(projectVerifySource, 'sprint-1')).toEqual(full);
    expect((full as { report: { stories: unknown[] } }).report.stories).toHaveLength(3);
  });
});
