/**
 * `puffin implement`: the user's coding agent (the Claude Code CLI, edit tools only unless Settings allow shell
 * commands, confined to a git worktree of its own) implements a story, then the story's assertions judge the
 * worktree. With rounds > 1 a round that leaves assertions failing starts the next with those failures. The run is
 * one History record (its cost counts in the sprint's budget). Never merges, never deletes the branch.
 */
import { implementCallId, type AgentFailure } from '../../shared/ipc/agentChannels';
import type { RawAssertion } from '../assertions/evaluate';
import { ActivityMeter } from '../services/activityMeter';
import { allowCall, maxBudgetArgs } from '../budget/sprintBudget';
import { ServiceError } from '../base/errors';
import type { Services } from '../app/services';
import type { EngineEvent } from '../engines/provider';
import { PromptError } from '../llm/errors';
import { agentRound } from './agentRound';
import type { ImplementInput, ImplementResult } from './implementInput';
import { implementPrompt } from './implementPrompt';
import { recordImplement } from './implementRecord';
import { changedFiles, createStoryWorktree, type StoryWorktree } from './worktree';

async function failingIn(dir: string, assertions: readonly RawAssertion[]): Promise<AgentFailure[]> {
  const { evaluateAssertions } = await import('../assertions/evaluate');
  const run = await evaluateAssertions(dir, assertions);
  const messages = new Map(assertions.map((a) => [a.id, typeof a.message === 'string' ? a.message : '']));
  return run.results
    .filter((r) => r.status !== 'pass')
    .map((r) => ({
      assertion: r.assertionId,
      message: messages.get(r.assertionId) ?? '',
      reason: r.reason,
      file: r.location?.file ?? null,
      line: r.location?.line ?? null,
    }));
}

/** The round's cap from the sprint's budget (budget_exceeded when nothing is left), or none without a budget. */
function allowed(input: ImplementInput, spentHere: number) {
  const { budget, sprintId } = input;
  if (!budget || !sprintId) return { maxBudgetUsd: null, warning: null };
  return allowCall(sprintId, budget.limitUsd, budget.spentUsd + spentHere);
}

export async function implementStory(services: Services, input: ImplementInput): Promise<ImplementResult> {
  const { story, assertions } = input;
  if (assertions.length === 0)
    throw new ServiceError(
      'unspecified',
      `Story ${story.id} has no assertions, so nothing could judge the work. Generate them first (\`puffin plan assertions --project . --sprint <id>\`).`,
      { storyId: story.id },
    );
  await services.locateCli(); // cli_not_found before a branch is made
  allowed(input, 0); // budget_exceeded too
  const wt = await createStoryWorktree(input.projectDir, story);
  const run = services.agentRuns.start(story.id, input.signal);
  try {
    return await recordImplement(services, input, wt, (onEvent) =>
      rounds(services, input, wt, run.signal, onEvent),
    );
  } finally {
    run.done();
  }
}

async function rounds(
  services: Services,
  input: ImplementInput,
  wt: StoryWorktree,
  signal: AbortSignal,
  record: (e: EngineEvent) => void,
): Promise<ImplementResult> {
  const meter = input.onActivity
    ? new ActivityMeter(
        {
          callId: implementCallId(input.story.id),
          label: `Implement · ${input.story.title}`,
          ...(input.sprintId ? { sprintId: input.sprintId } : {}),
        },
        input.onActivity,
      )
    : null;
  const onEvent = (e: EngineEvent) => {
    meter?.signal(e);
    record(e);
  };
  let failing: AgentFailure[] = [];
  let costUsd = 0;
  let round = 0;
  try {
    const cli = await services.locateCli();
    const shell = services.settings.get().agentShell;
    while (round < input.rounds) {
      round++;
      const allowance = allowed(input, costUsd);
      costUsd += await agentRound(services, {
        cli,
        prompt: implementPrompt({ ...input, failing }),
        cwd: wt.dir,
        shell,
        maxBudgetArgs: maxBudgetArgs(allowance),
        signal,
        onEvent,
      });
      failing = await failingIn(wt.dir, input.assertions);
      if (failing.length === 0) break;
    }
  } catch (error) {
    // What the earlier rounds cost is the run's cost too (History and the sprint's budget count it).
    const spent = costUsd + (error instanceof PromptError ? (error.diagnostics.costUsd ?? 0) : 0);
    throw error instanceof PromptError ? error.withDiagnostics({ costUsd: spent }) : error;
  } finally {
    meter?.signal({ type: 'usage', total: true, costUsd });
    meter?.finish();
  }
  return {
    branch: wt.branch,
    worktree: wt.dir,
    verdict: failing.length === 0 ? 'verified' : 'failing',
    failing,
    changedFiles: await changedFiles(wt),
    costUsd,
    rounds: round,
  };
}
