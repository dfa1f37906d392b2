/**
 * Retries for transient failures only: rate limited, overloaded, API 5xx (PromptErrors marked `retryable`), a
 * missing structured output at most once (a second prose answer will not become JSON by asking a third time), and a
 * schema-invalid answer from an engine that feeds the errors back (retryable validation_failed) a bounded number of
 * times, without waiting: the model is told what was wrong, nothing is overloaded.
 * Exponential backoff with full jitter; a known retry-after wins when it is short enough to be worth waiting for.
 * One budget per call: the CLI is told not to retry by itself (CLAUDE_CODE_MAX_RETRIES = cliMaxRetries, 0), so
 * every retry is ours, counted, bounded and reported as it happens; and when the caller gives a time budget, no
 * retry starts that could not finish in what is left of it.
 * Clock, randomness and sleep are injected so tests never wait.
 */
import { PromptError } from './errors';

export interface RetryPolicy {
  /** Total attempts, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** How many times a missing structured output is retried. */
  noStructuredOutputRetries: number;
  /** How many times a schema-invalid answer is asked again with its validation errors (engines that feed back). */
  validationRetries: number;
  /** A retry-after longer than this is not waited for: the failure is reported instead. */
  maxRetryAfterMs: number;
  /** The CLI's own retries of 429/5xx (CLAUDE_CODE_MAX_RETRIES); its default of 10 would multiply ours. */
  cliMaxRetries: number;
  /** A retry is not started unless at least this much of the call's time budget is left after the wait. */
  minAttemptMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  noStructuredOutputRetries: 1,
  validationRetries: 2,
  maxRetryAfterMs: 120_000,
  cliMaxRetries: 0,
  minAttemptMs: 5_000,
};

export interface RetryDeps {
  /** Resolves after ms; rejects (or resolves early) when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Uniform in [0, 1). */
  random(): number;
  /** The clock the call's time budget is measured with (default Date.now). */
  now?(): number;
}

export const realRetryDeps: RetryDeps = {
  random: Math.random,
  now: Date.now,
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new PromptError('cancelled'));
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(new PromptError('cancelled'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** Full jitter: a uniform delay in [0, min(max, base·2^retry)). `retry` counts from 0. */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

export interface RetryEvent {
  error: PromptError;
  /** The attempt that failed, from 1. */
  attempt: number;
  delayMs: number;
}

export interface RetryOptions {
  policy?: RetryPolicy;
  deps?: RetryDeps;
  signal?: AbortSignal;
  onRetry?: (event: RetryEvent) => void;
  /** What is left of the call's time budget (undefined: no budget yet / none). */
  remainingMs?: () => number | undefined;
}

/** Decides whether one more attempt may help; returns the delay to wait, or null to give up. */
export function retryDecision(
  error: unknown,
  attempt: number,
  noStructuredSoFar: number,
  policy: RetryPolicy,
  random: () => number,
  remainingMs?: number,
  validationSoFar = 0,
): number | null {
  const delay = retryDelay(error, attempt, noStructuredSoFar, validationSoFar, policy, random);
  // A retry that cannot finish within the call's budget only postpones the failure.
  if (delay !== null && remainingMs !== undefined && remainingMs - delay < policy.minAttemptMs) return null;
  return delay;
}

function retryDelay(
  error: unknown,
  attempt: number,
  noStructuredSoFar: number,
  validationSoFar: number,
  policy: RetryPolicy,
  random: () => number,
): number | null {
  if (!(error instanceof PromptError) || !error.retryable) return null;
  if (attempt >= policy.maxAttempts) return null;
  if (error.code === 'validation_failed') return validationSoFar < policy.validationRetries ? 0 : null;
  if (error.code === 'no_structured_output') {
    // Asking again once is cheap and often works; no backoff needed, nothing is overloaded.
    return noStructuredSoFar < policy.noStructuredOutputRetries ? 0 : null;
  }
  const retryAfter = error.diagnostics.retryAfterMs;
  if (retryAfter !== undefined) return retryAfter <= policy.maxRetryAfterMs ? retryAfter : null;
  return backoffDelay(attempt - 1, policy, random);
}

/** Runs `attempt` until it succeeds, fails for good, or runs out of attempts. The last error is rethrown. */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const deps = options.deps ?? realRetryDeps;
  let noStructured = 0;
  let invalid = 0;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      // The caller cancelled while this attempt failed (a rate limit met on the way out): the cancel is the news.
      if (options.signal?.aborted) throw withAttempts(stoppedBy(error), n);
      const delay = retryDecision(
        error,
        n,
        noStructured,
        policy,
        deps.random,
        options.remainingMs?.(),
        invalid,
      );
      if (delay === null) throw withAttempts(error, n);
      if ((error as PromptError).code === 'no_structured_output') noStructured++;
      if ((error as PromptError).code === 'validation_failed') invalid++;
      options.onRetry?.({ error: error as PromptError, attempt: n, delayMs: delay });
      if (delay > 0) await deps.sleep(delay, options.signal);
    }
  }
}

/** A failure met while the caller's signal was aborting, as the caller's cancel (a timeout keeps its code). */
function stoppedBy(error: unknown): unknown {
  const code = error instanceof PromptError ? error.code : undefined;
  return code === 'cancelled' || code === 'timeout' ? error : new PromptError('cancelled', { cause: error });
}

function withAttempts(error: unknown, attempts: number): unknown {
  return error instanceof PromptError && attempts > 1 ? error.withDiagnostics({ attempts }) : error;
}
