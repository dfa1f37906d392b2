// GitHub's rate limits, as its REST documentation tells clients to handle them: a 403 or 429 with `retry-after`
// waits that many seconds; with `x-ratelimit-remaining: 0` it waits until `x-ratelimit-reset` (epoch seconds);
// any other 429, or a 403 that says "rate limit", waits at least a minute. Waits up to `maxWaitMs` are waited out;
// a longer one is reported as github_rate_limited with when to try again.
import { GithubError, isHttpFailure } from './errors';

const DEFAULT_WAIT_MS = 60_000;
/** Clocks differ by a little: waiting one more second after the reset avoids a second refusal. */
const RESET_MARGIN_MS = 1000;

function header(headers: Record<string, string | number | undefined>, name: string): string | undefined {
  const v = headers[name];
  return v === undefined ? undefined : String(v);
}

/** How long to wait before retrying, or null when the failure is not a rate limit. */
export function rateLimitWaitMs(err: unknown, nowMs: number): number | null {
  if (!isHttpFailure(err) || (err.status !== 403 && err.status !== 429)) return null;
  const headers = err.response?.headers ?? {};
  const retryAfter = Number(header(headers, 'retry-after'));
  if (header(headers, 'retry-after') !== undefined && Number.isFinite(retryAfter))
    return Math.max(0, retryAfter * 1000);
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  if (header(headers, 'x-ratelimit-remaining') === '0' && Number.isFinite(reset))
    return Math.max(0, reset * 1000 - nowMs) + RESET_MARGIN_MS;
  if (err.status === 429 || /rate limit/i.test(err.message)) return DEFAULT_WAIT_MS;
  return null;
}

export interface RateLimitOptions {
  /** Longest wait to sit through; longer ones fail with github_rate_limited. */
  maxWaitMs: number;
  /** How many rate-limited answers in a row to wait out before giving up. */
  maxRetries?: number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Told before each wait (the CLI and the app say "waiting N s for GitHub's rate limit"). */
  onWait?: (ms: number) => void;
}

export function rateLimitedError(waitMs: number, nowMs: number): GithubError {
  const seconds = Math.ceil(waitMs / 1000);
  const resetAt = new Date(nowMs + waitMs).toISOString();
  return new GithubError(
    'github_rate_limited',
    `GitHub's rate limit is reached; it allows requests again in ${seconds} s (at ${resetAt}). Run the export again then: it continues where it stopped.`,
    { retryAfterSeconds: seconds, resetAt },
  );
}

/** Runs `call`, waiting out rate limits within the options' bounds. */
export async function withRateLimit<T>(call: () => Promise<T>, options: RateLimitOptions): Promise<T> {
  const maxRetries = options.maxRetries ?? 3;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const wait = rateLimitWaitMs(err, options.now());
      if (wait === null) throw err;
      if (wait > options.maxWaitMs || attempt >= maxRetries) throw rateLimitedError(wait, options.now());
      options.onWait?.(wait);
      await options.sleep(wait);
    }
  }
}
