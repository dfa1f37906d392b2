/**
 * What one run of the coding agent came to: the round ended (whatever the assertions then say), with its cost, or a
 * typed failure. An API failure the retry budget can wait out (rate limited, overloaded, a 5xx) is marked retryable,
 * so the round is tried again within that budget; everything else ends the implement run with what to do.
 */
import { classifyFailure } from '../llm/extract/classifyFailure';
import { PromptError, type PromptErrorCode } from '../llm/errors';
import type { CliEvent } from '../llm/stream';
import type { RunOutcome } from '../engines/claude-cli/runCli';
import { spawnFailure } from '../engines/claude-cli/spawnFailure';

/** The CLI's own ends of a round that are no failure: the agent used its turns or its budget; the assertions judge. */
const ROUND_LIMITS: ReadonlySet<string> = new Set(['error_max_turns', 'error_max_budget_usd']);
const API_CODES: ReadonlySet<PromptErrorCode> = new Set([
  'not_logged_in',
  'rate_limited',
  'overloaded',
  'api_error',
]);

/** From the last rejected rate_limit event: how long until the window resets. */
function retryAfterMs(events: readonly CliEvent[], now: number): number | undefined {
  const e = events.findLast((x) => x.kind === 'rate_limit' && x.status !== 'allowed');
  return e?.kind === 'rate_limit' && e.resetsAt !== undefined
    ? Math.max(0, e.resetsAt * 1000 - now)
    : undefined;
}

/** The round's cost, or the PromptError that ends it (retryable when waiting may help). */
export function agentOutcome(run: RunOutcome, cliPath: string, now = Date.now()): { costUsd: number } {
  const result = run.events.findLast((e) => e.kind === 'result');
  const costUsd = result?.kind === 'result' ? (result.costUsd ?? 0) : 0;
  const diagnostics = {
    costUsd,
    exitCode: run.exit.exitCode,
    signal: run.exit.signal,
    stderrTail: run.stderrTail,
    ...(run.cliVersion ? { cliVersion: run.cliVersion } : {}),
  };
  switch (run.endedBy) {
    case 'cancelled':
    case 'killed':
      throw new PromptError('cancelled', {
        message: 'The implementation was cancelled; the worktree keeps what was written.',
        diagnostics,
      });
    case 'spawn_error': {
      const why = spawnFailure(run.exit.errorCode, cliPath);
      throw new PromptError(why?.code ?? 'crashed', {
        detail: why?.detail ?? run.exit.errorMessage ?? 'it could not be started',
        diagnostics,
      });
    }
    case 'timeout':
      throw new PromptError('timeout', { diagnostics });
    case 'garbage_output':
      throw new PromptError('garbage_output', {
        ...(run.endDetail ? { detail: run.endDetail } : {}),
        diagnostics,
      });
    default:
      break;
  }
  const last = result?.kind === 'result' ? result : undefined;
  if (last && !last.isError) return { costUsd };
  const failure = classifyFailure(run.events, last, undefined, false);
  if (last && ROUND_LIMITS.has(last.subtype ?? '') && !API_CODES.has(failure.code)) return { costUsd };
  if (failure.code === 'no_result') {
    const how = run.exit.signal ? `killed by ${run.exit.signal}` : `exit code ${run.exit.exitCode}`;
    throw new PromptError('crashed', { detail: `the agent ended without a result (${how})`, diagnostics });
  }
  const wait = failure.code === 'rate_limited' ? retryAfterMs(run.events, now) : undefined;
  throw new PromptError(failure.code, {
    detail: (failure.errorText ?? failure.errors[0] ?? failure.message).slice(0, 500),
    retryable: failure.retryable,
    diagnostics: {
      ...diagnostics,
      ...(failure.apiErrorStatus !== undefined ? { httpStatus: failure.apiErrorStatus } : {}),
      ...(wait !== undefined ? { retryAfterMs: wait } : {}),
    },
  });
}
