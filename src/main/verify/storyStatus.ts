// Pure verdicts: a story's status from the results of this run and the runs recorded before it.
import { summarize, type AssertionResult, type AssertionRun, type RunSummary } from '../../shared/assertions';
import {
  STORY_VERDICTS,
  type Regression,
  type StoryVerdict,
  type StoryVerification,
} from '../../shared/verify';

export interface LastPass {
  at: string;
  commit: string | null;
}

/** The most recent earlier run in which the assertion passed, or null when it never did. */
export function lastPassOf(runs: readonly AssertionRun[], assertionId: string): LastPass | null {
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i]!;
    if (run.results.some((r) => r.assertionId === assertionId && r.status === 'pass'))
      return { at: run.startedAt, commit: run.commit };
  }
  return null;
}

export interface StoryInput {
  id: string;
  title: string;
  /** Id and message of every stored assertion, in order. */
  assertions: readonly { id: string; message?: string }[];
  /** This run's results (one per assertion). */
  results: readonly AssertionResult[];
  /** The runs recorded before this one, oldest first. */
  earlierRuns: readonly AssertionRun[];
}

/** A story without assertions: nothing ran, nothing regressed (built directly: most of a large backlog is this). */
function unspecifiedStory(id: string, title: string): StoryVerification {
  const summary = { total: 0, passed: 0, failed: 0, errors: 0 };
  return { id, title, summary, results: [], status: 'unspecified', regressions: [] };
}

/**
 * `regressed` wins over `failing`: one assertion that used to pass is the news, even when others never did. An
 * `error` counts as not passing (a target that no longer parses broke the story as surely as a missing export).
 */
export function verifyStory(input: StoryInput): StoryVerification {
  if (input.assertions.length === 0 && input.results.length === 0)
    return unspecifiedStory(input.id, input.title);
  const summary = summarize(input.results);
  const base = { id: input.id, title: input.title, summary, results: [...input.results] };
  if (input.assertions.length === 0) return { ...base, status: 'unspecified', regressions: [] };
  const messages = new Map(input.assertions.map((a) => [a.id, a.message ?? '']));
  const regressions: Regression[] = [];
  for (const r of input.results) {
    if (r.status === 'pass') continue;
    const last = lastPassOf(input.earlierRuns, r.assertionId);
    if (!last) continue;
    regressions.push({
      storyId: input.id,
      assertionId: r.assertionId,
      message: messages.get(r.assertionId) ?? '',
      lastPassedCommit: last.commit,
      lastPassedAt: last.at,
      reason: r.reason,
    });
  }
  const status: StoryVerdict =
    summary.passed === summary.total ? 'verified' : regressions.length > 0 ? 'regressed' : 'failing';
  return { ...base, status, regressions };
}

export function countVerdicts(stories: readonly { status: StoryVerdict }[]): Record<StoryVerdict, number> {
  const counts = Object.fromEntries(STORY_VERDICTS.map((v) => [v, 0])) as Record<StoryVerdict, number>;
  for (const s of stories) counts[s.status]++;
  return counts;
}

export function addSummaries(summaries: readonly RunSummary[]): RunSummary {
  const out: RunSummary = { total: 0, passed: 0, failed: 0, errors: 0 };
  for (const s of summaries) {
    out.total += s.total;
    out.passed += s.passed;
    out.failed += s.failed;
    out.errors += s.errors;
  }
  return out;
}

/** "abc1234 (2026-01-02T…)" or "a run outside git (…)": how a regression names where it last passed. */
export function describeLastPass(r: Pick<Regression, 'lastPassedCommit' | 'lastPassedAt'>): string {
  const where = r.lastPassedCommit ? `commit ${r.lastPassedCommit.slice(0, 12)}` : 'a run outside git';
  return `${where} (${r.lastPassedAt})`;
}
