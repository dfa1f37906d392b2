/**
 * `puffin implement`: the user's coding agent (the Claude Code CLI, edit tools only, confined to a git worktree of
 * its own) implements a story, then the story's assertions judge the worktree. With rounds > 1 a round that leaves
 * assertions failing starts the next with those failures. Never merges, never deletes the branch.
 */
import type { CallActivityEvent } from '../../shared/activity';
import { implementCallId, type AgentFailure, type AgentPlanItem } from '../../shared/ipc/agentChannels';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { Story } from '../../shared/stories';
import type { RawAssertion } from '../assertions/evaluate';
import { EMPTY_MCP_CONFIG } from '../engines/claude-cli/cliArgs';
import { cliActivityEvents } from '../engines/claude-cli/activityEvents';
import { runCli } from '../engines/claude-cli/runCli';
import { ActivityMeter } from '../services/activityMeter';
import { allowCall, maxBudgetArgs } from '../budget/sprintBudget';
import { ServiceError } from '../core/errors';
import type { Services } from '../core/services';
import { PromptError } from '../llm/errors';
import { implementPrompt } from './implementPrompt';
import { changedFiles, createStoryWorktree, type StoryWorktree } from './worktree';

const AGENT_TOOLS = 'Read,Write,Edit,Glob,Grep';
const MAX_TURNS = 40;

export interface ImplementInput {
  projectDir: string;
  story: Story;
  planItem: AgentPlanItem | null;
  ris: string | null;
  assertions: RawAssertion[];
  rounds: number;
  signal?: AbortSignal;
  /** What the agent is doing, live (`call:activity`, call id `implementCallId(story)`). */
  onActivity?: (e: CallActivityEvent) => void;
  sprintId?: string;
  /** The story's sprint's budget and what its recorded calls spent: each round runs with what is left. */
  budget?: { limitUsd: number; spentUsd: number };
}

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

/** One round of the agent in the worktree; the cost it reported. */
async function agentRound(
  services: Services,
  input: ImplementInput,
  cwd: string,
  prompt: string,
  spentHere: number,
  signal?: AbortSignal,
): Promise<number> {
  const cli = await services.locateCli();
  const allowance = allowed(input, spentHere);
  const lease = await services.gate.acquire(signal);
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
  try {
    const args = ['-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'acceptEdits'];
    args.push('--tools', AGENT_TOOLS, '--max-turns', String(MAX_TURNS));
    args.push('--strict-mcp-config', '--mcp-config', EMPTY_MCP_CONFIG, ...maxBudgetArgs(allowance));
    const run = await runCli({
      cli,
      args,
      prompt,
      cwd,
      env: services.env(),
      lease,
      ...(signal ? { signal } : {}),
      ...(meter ? { onEvent: (e) => cliActivityEvents(e).forEach((a) => meter.signal(a)) } : {}),
    });
    if (run.endedBy === 'cancelled' || run.endedBy === 'killed')
      throw new ServiceError(
        'cancelled',
        'The implementation was cancelled; the worktree keeps what was written.',
      );
    if (run.endedBy === 'spawn_error')
      throw new PromptError('cli_not_found', { detail: run.exit.errorMessage ?? 'it could not be started' });
    const result = [...run.events].reverse().find((e) => e.kind === 'result');
    return result && result.kind === 'result' ? (result.costUsd ?? 0) : 0;
  } finally {
    meter?.finish();
    lease.release();
  }
}

export async function implementStory(
  services: Services,
  input: ImplementInput,
): Promise<ResponseOf<'agent:implement'>> {
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
    return await rounds(services, input, wt, run.signal);
  } finally {
    run.done();
  }
}

async function rounds(
  services: Services,
  input: ImplementInput,
  wt: StoryWorktree,
  signal: AbortSignal,
): Promise<ResponseOf<'agent:implement'>> {
  const { assertions } = input;
  let failing: AgentFailure[] = [];
  let costUsd = 0;
  let round = 0;
  while (round < input.rounds) {
    round++;
    const prompt = implementPrompt({ ...input, failing });
    costUsd += await agentRound(services, input, wt.dir, prompt, costUsd, signal);
    failing = await failingIn(wt.dir, assertions);
    if (failing.length === 0) break;
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
