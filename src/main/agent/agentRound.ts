/**
 * One round of the coding agent in the story's worktree: the Claude Code CLI with edit tools (and Bash when the user
 * allows shell commands in Settings), run under the same retry budget as every engine call. The CLI is told not to
 * retry by itself, so a round that fails from a transient API error is tried again by us, counted and bounded; any
 * other failure ends the implement run.
 */
import { EMPTY_MCP_CONFIG } from '../engines/claude-cli/cliArgs';
import { cliActivityEvents } from '../engines/claude-cli/activityEvents';
import type { LocatedCli } from '../engines/claude-cli/locateCli';
import { runCli } from '../engines/claude-cli/runCli';
import type { EngineEvent } from '../engines/provider';
import { PromptError } from '../llm/errors';
import { DEFAULT_RETRY_POLICY, withRetries } from '../llm/retry';
import type { Services } from '../app/services';
import { agentOutcome } from './agentOutcome';

export const EDIT_TOOLS = 'Read,Write,Edit,Glob,Grep';
const MAX_TURNS = 40;

export interface RoundRequest {
  cli: LocatedCli;
  prompt: string;
  cwd: string;
  /** The user allowed the agent shell commands (Settings): Bash joins the edit tools. */
  shell: boolean;
  /** The sprint budget's cap for this round (--max-budget-usd), or none. */
  maxBudgetArgs: string[];
  signal: AbortSignal;
  /** Every neutral event of the agent's run (live activity, History's raw lines) and each retry's wait. */
  onEvent: (e: EngineEvent) => void;
}

export function agentTools(shell: boolean): string {
  return shell ? `${EDIT_TOOLS},Bash` : EDIT_TOOLS;
}

/** Runs the round; what it cost, failed attempts included. */
export async function agentRound(services: Services, req: RoundRequest): Promise<number> {
  const policy = services.retry?.policy ?? DEFAULT_RETRY_POLICY;
  const args = ['-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'acceptEdits'];
  args.push('--tools', agentTools(req.shell), '--max-turns', String(MAX_TURNS));
  args.push('--strict-mcp-config', '--mcp-config', EMPTY_MCP_CONFIG, ...req.maxBudgetArgs);
  const env = { ...services.env(), CLAUDE_CODE_MAX_RETRIES: String(policy.cliMaxRetries) };
  let costUsd = 0;
  const attempt = async () => {
    const lease = await services.gate.acquire(req.signal);
    try {
      const run = await runCli({
        cli: req.cli,
        args,
        prompt: req.prompt,
        cwd: req.cwd,
        env,
        lease,
        signal: req.signal,
        onEvent: (e) => cliActivityEvents(e).forEach(req.onEvent),
      });
      try {
        return agentOutcome(run, req.cli.path).costUsd;
      } catch (error) {
        if (error instanceof PromptError) costUsd += error.diagnostics.costUsd ?? 0;
        throw error;
      }
    } finally {
      lease.release();
    }
  };
  try {
    costUsd += await withRetries(attempt, {
      policy,
      ...(services.retry?.deps ? { deps: services.retry.deps } : {}),
      signal: req.signal,
      onRetry: (r) =>
        req.onEvent({
          type: 'retrying',
          delayMs: r.delayMs,
          message: `${r.error.message} Retrying (attempt ${r.attempt + 1} of ${policy.maxAttempts}).`,
        }),
    });
  } catch (error) {
    // Every attempt of the round cost what it cost, the failed ones included.
    throw error instanceof PromptError ? error.withDiagnostics({ costUsd }) : error;
  }
  return costUsd;
}
