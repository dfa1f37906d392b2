// `puffin verify`: every stored assertion of every story (or one sprint's) at the current tree, compared with the
// recorded results. Each story's run is recorded with the commit, as the assertions panel records its runs.
import { performance } from 'node:perf_hooks';
import type { AssertionRun } from '../../shared/assertions';
import { isChecked, type StoryOutcome, type StoryVerification, type VerifyReport } from '../../shared/verify';
import { EvaluationContext } from '../assertions/context';
import { evaluateAssertions, type RawAssertion } from '../assertions/evaluate';
import { driftOf, driftWarning, withFingerprints } from './drift';
import { headCommit } from '../base/gitRepo';
import { addSummaries, countVerdicts, verifyStory } from './storyStatus';

/**
 * A story to verify: with its title when it has a stored assertion set, or flagged when the source knows it has none
 * (reported by id and verdict alone, without reading anything of it).
 */
export type VerifyStoryRef =
  { id: string; title: string; unspecified?: false } | { id: string; unspecified: true };

/** Where verify reads stories, assertions and history, and records runs (the project store, or a test double). */
export interface VerifySource {
  /** The stories to verify: every story with assertions or in the backlog, or the sprint's stories. */
  stories(sprintId: string | null): Promise<VerifyStoryRef[]>;
  /** The story's title ('' when it is not in the backlog), for a story that gained a set since it was listed. */
  title?(storyId: string): Promise<string>;
  /** The story's stored assertions; [] when it has none. Throws when they cannot be read. */
  assertions(storyId: string): Promise<RawAssertion[]>;
  /** Earlier runs, oldest first; [] when there are none or the history cannot be read. */
  history(storyId: string): Promise<AssertionRun[]>;
  record(storyId: string, run: AssertionRun): Promise<void>;
}

export interface VerifyOutcome {
  report: VerifyReport;
  /** story id → assertion id → message (test case names of the JUnit file); none for a story the source flagged. */
  messages: Map<string, Map<string, string>>;
  /** Problems that did not stop the run (an unreadable assertions file, a run that could not be recorded). */
  warnings: string[];
}

function messagesOf(assertions: readonly RawAssertion[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of assertions) {
    if (typeof a.id === 'string') out.set(a.id, typeof a.message === 'string' ? a.message : '');
  }
  return out;
}

/** A story whose assertions file cannot be read fails with one error result that says why; nothing is recorded. */
function unreadable(story: { id: string; title: string }, reason: string): StoryVerification {
  return verifyStory({
    ...story,
    assertions: [{ id: 'assertions-file' }],
    results: [{ assertionId: 'assertions-file', status: 'error', reason, durationMs: 0 }],
    earlierRuns: [],
  });
}

export interface VerifyOptions {
  sprintId?: string | null;
  /** Shared with other runs (the watch keeps one) so unchanged files are not parsed again. */
  context?: EvaluationContext;
}

export async function verifyProject(
  projectDir: string,
  source: VerifySource,
  options: VerifyOptions = {},
): Promise<VerifyOutcome> {
  const startedAt = new Date().toISOString();
  const start = performance.now();
  const sprintId = options.sprintId ?? null;
  const refs = await source.stories(sprintId);
  const ctx = options.context ?? (await EvaluationContext.create(projectDir));
  const stories: StoryOutcome[] = [];
  const messages = new Map<string, Map<string, string>>();
  const warnings: string[] = [];
  for (const ref of refs) {
    if (ref.unspecified) {
      // Most of a large backlog: no promise, no read, no run (as the full path reports a story without assertions).
      stories.push({ id: ref.id, status: 'unspecified' });
      continue;
    }
    let assertions: RawAssertion[];
    try {
      assertions = await source.assertions(ref.id);
    } catch (err) {
      const reason = `assertions cannot be read: ${(err as Error).message}`;
      warnings.push(`Story ${ref.id}: ${reason}`);
      stories.push(unreadable(ref, reason));
      continue;
    }
    messages.set(ref.id, messagesOf(assertions));
    const earlierRuns = await source.history(ref.id);
    const run =
      assertions.length > 0 ? await evaluateAssertions(projectDir, assertions, { context: ctx }) : null;
    if (run) {
      await source.record(ref.id, withFingerprints(run, assertions)).catch((err: unknown) => {
        warnings.push(`Story ${ref.id}: the run could not be recorded (${(err as Error).message}).`);
      });
    }
    const ids = assertions.map((a, i) => ({
      id: typeof a.id === 'string' ? a.id : `#${i}`,
      message: typeof a.message === 'string' ? a.message : '',
    }));
    const verified = verifyStory({ ...ref, assertions: ids, results: run?.results ?? [], earlierRuns });
    const drift = driftOf(assertions, earlierRuns);
    if (drift) warnings.push(driftWarning(ref.title, drift));
    stories.push(drift ? { ...verified, drift } : verified);
  }
  const checked = stories.filter(isChecked);
  return {
    report: {
      commit: await headCommit(ctx.root),
      startedAt,
      durationMs: Math.round(performance.now() - start),
      sprintId,
      stories,
      regressions: checked.flatMap((s) => s.regressions),
      drift: checked.flatMap((s) => (s.drift ? [{ storyId: s.id, title: s.title, ...s.drift }] : [])),
      counts: countVerdicts(stories),
      summary: addSummaries(checked.map((s) => s.summary)),
    },
    messages,
    warnings,
  };
}

/** The exit rule of `puffin verify`: any assertion that does not pass fails the run. */
export function verifyFailed(report: VerifyReport): boolean {
  return report.summary.failed + report.summary.errors > 0;
}
