// The board's data from the project's facts: each story's column, verdict, assertion chips, planned-vs-changed files
// and cost. Pure; loading the facts (store, git) is the caller's.
import type { AssertionResult, AssertionRun } from '../../shared/assertions';
import { boardColumn, type BoardData, type BoardSprint, type BoardStory } from '../../shared/board';
import type { CostRollup } from '../../shared/cost';
import { comparePlannedFiles, type PlannedVsChanged } from './plannedFiles';
import { verifyStory } from './storyStatus';

export interface BoardFacts {
  /** Backlog order. */
  stories: readonly { id: string; title: string }[];
  sprints: readonly {
    id: string;
    title: string;
    storyIds: readonly string[];
    createdAt: string;
    budgetUsd?: number | null;
    /** Items of the approved plan revision; null while the plan is not approved. */
    approvedItems: readonly { storyId: string; filesCreated: string[]; filesModified: string[] }[] | null;
    /** What git says changed since the sprint started; null outside git. */
    changes: { base: string | null; files: readonly string[] } | null;
  }[];
  /** Stored assertions per story (id and message, in order). */
  assertions: ReadonlyMap<string, readonly { id: string; message?: string }[]>;
  /** Recorded runs per story, oldest first. */
  history: ReadonlyMap<string, readonly AssertionRun[]>;
  /** Results the project watch evaluated (not recorded), by story and assertion; each counts while it is newer. */
  live?: ReadonlyMap<string, ReadonlyMap<string, TimedResult>>;
  costs: CostRollup | null;
  commit: string | null;
}

/** A result and when its run started (ISO time). */
export interface TimedResult {
  result: AssertionResult;
  at: string;
}

/**
 * Each assertion's newest result, recorded or live alike: a board loaded again never shows an older result than
 * the live view did, and a recorded run newer than the watch's result replaces it.
 */
function latestOf(runs: readonly AssertionRun[], live?: ReadonlyMap<string, TimedResult>) {
  const latest = new Map<string, TimedResult>();
  for (const run of runs)
    for (const r of run.results) latest.set(r.assertionId, { result: r, at: run.startedAt });
  for (const [id, t] of live ?? []) {
    const recorded = latest.get(id);
    if (!recorded || t.at >= recorded.at) latest.set(id, t);
  }
  return new Map([...latest].map(([id, t]) => [id, t.result]));
}

export function buildBoard(facts: BoardFacts): BoardData {
  // Newest sprint first: a story in several sprints shows the newest one.
  const sprints = [...facts.sprints].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const sprintOf = new Map<string, (typeof sprints)[number]>();
  for (const s of sprints) for (const id of s.storyIds) if (!sprintOf.has(id)) sprintOf.set(id, s);
  const filesBySprint = new Map<string, Map<string, PlannedVsChanged>>();
  for (const s of sprints) {
    if (!s.approvedItems || !s.changes) continue;
    const rows = comparePlannedFiles(s.approvedItems, s.changes.files);
    filesBySprint.set(s.id, new Map(rows.map((r) => [r.storyId, r])));
  }

  const stories: BoardStory[] = facts.stories.map((story) => {
    const assertions = facts.assertions.get(story.id) ?? [];
    const runs = facts.history.get(story.id) ?? [];
    const latest = latestOf(runs, facts.live?.get(story.id));
    const evaluated = assertions.flatMap((a) => latest.get(a.id) ?? []);
    const judged = verifyStory({ ...story, assertions, results: evaluated, earlierRuns: runs }).status;
    // Verified needs a passing result for every assertion: one never run yet proves nothing.
    const verdict = judged === 'verified' && evaluated.length < assertions.length ? 'failing' : judged;
    const sprint = sprintOf.get(story.id);
    const planned = sprint?.approvedItems?.some((i) => i.storyId === story.id) ?? false;
    const files = sprint ? filesBySprint.get(sprint.id)?.get(story.id) : undefined;
    return {
      id: story.id,
      title: story.title,
      column: boardColumn({ inSprint: !!sprint, planned, specified: assertions.length > 0, verdict }),
      verdict,
      sprintId: sprint?.id ?? null,
      chips: assertions.map((a) => ({
        id: a.id,
        message: a.message ?? '',
        status: latest.get(a.id)?.status ?? 'none',
      })),
      files: files
        ? {
            touched: files.touched,
            plannedUntouched: files.plannedUntouched,
            touchedUnplanned: files.touchedUnplanned,
          }
        : null,
      costUsd: facts.costs?.stories[story.id]?.totalUsd ?? null,
    };
  });

  const boardSprints: BoardSprint[] = sprints.map((s) => {
    const cost = facts.costs?.sprints[s.id];
    return {
      id: s.id,
      title: s.title,
      baseCommit: s.changes?.base ?? null,
      callsUsd: cost?.callsUsd ?? 0,
      budgetUsd: s.budgetUsd ?? null,
      costPerVerifiedUsd: cost?.costPerVerifiedUsd ?? null,
    };
  });
  return {
    stories,
    sprints: boardSprints,
    commit: facts.commit,
    costPerVerifiedUsd: facts.costs?.costPerVerifiedUsd ?? null,
  };
}
