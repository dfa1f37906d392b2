// One retry budget for a whole run against a tracker: rate limits (429 with Retry-After, GitHub's 403 with its reset
// time, Linear's RATELIMITED) are waited out and a server error (5xx) is tried again after a short backoff, all
// drawing on the same count, so a flaky tracker cannot keep a run going for ever. A wait longer than allowed stops
// at once with when to come back.
import { TRACKER_LABEL, TrackerError, type Failure, type TrackerName } from './errors';

/** Without Retry-After, a 429 waits this long. */
const DEFAULT_RATE_WAIT_MS = 30_000;
const SERVER_BACKOFF_MS = 1000;
const SERVER_BACKOFF_MAX_MS = 8000;

export interface RetryBudget {
  /** Retries left in this run, across every request. */
  left: number;
  /** Longest wait to sit through; a longer one fails with tracker_rate_limited. */
  maxWaitMs: number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Told before each wait (the CLI logs it, the app shows it as progress). */
  onWait?: (ms: number, why: 'rate limit' | 'server error') => void;
}

export function retryBudget(over: Partial<RetryBudget> = {}): RetryBudget {
  return {
    left: 6,
    maxWaitMs: 60_000,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    ...over,
  };
}

/** Clocks differ by a little: waiting one more second after a reset time avoids a second refusal. */
const RESET_MARGIN_MS = 1000;

/** How long a rate-limited answer asks to wait, or null when it is not one. */
export function rateLimitWaitMs(f: Failure, nowMs: number): number | null {
  if (f.status !== 429 && !f.rateLimited) return null;
  const after = f.header('retry-after');
  if (after !== undefined && after.trim() !== '') {
    const seconds = Number(after);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(after);
    if (Number.isFinite(at)) return Math.max(0, at - nowMs);
  }
  // GitHub's primary limit: none left until x-ratelimit-reset, in epoch seconds.
  const githubReset = Number(f.header('x-ratelimit-reset'));
  if (f.header('x-ratelimit-remaining') === '0' && Number.isFinite(githubReset) && githubReset > 0)
    return Math.max(0, githubReset * 1000 - nowMs) + RESET_MARGIN_MS;
  // Linear: epoch milliseconds at which the request allowance is back.
  const reset = Number(f.header('x-ratelimit-requests-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset - nowMs);
  return DEFAULT_RATE_WAIT_MS;
}

function rateLimitedError(tracker: TrackerName, waitMs: number, nowMs: number): TrackerError {
  const seconds = Math.ceil(waitMs / 1000);
  const resetAt = new Date(nowMs + waitMs).toISOString();
  return new TrackerError(
    'tracker_rate_limited',
    `${TRACKER_LABEL[tracker]}'s rate limit is reached; it allows requests again in ${seconds} s (at ${resetAt}). ` +
      'Run it again then: it continues where it stopped.',
    { retryAfterSeconds: seconds, resetAt, tracker },
  );
}

/**
 * Runs `call`; a rate limit or a server error is retried while the budget lasts. `failure` reads the client's
 * error (null: not an HTTP failure, thrown as is); the last failure is returned to the caller to map.
 */
export async function withRetry<T>(
  tracker: TrackerName,
  budget: RetryBudget,
  failure: (err: unknown) => Failure | null,
  call: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const f = failure(err);
      if (!f) throw err;
      const rate = rateLimitWaitMs(f, budget.now());
      if (rate !== null) {
        if (rate > budget.maxWaitMs || budget.left <= 0) throw rateLimitedError(tracker, rate, budget.now());
        budget.left--;
        budget.onWait?.(rate, 'rate limit');
        await budget.sleep(rate);
        continue;
      }
      if (f.status >= 500 && budget.left > 0) {
        budget.left--;
        const wait = Math.min(SERVER_BACKOFF_MS * 2 ** attempt, SERVER_BACKOFF_MAX_MS);
        budget.onWait?.(wait, 'server error');
        await budget.sleep(wait);
        continue;
      }
      throw err;
    }
  }
}
