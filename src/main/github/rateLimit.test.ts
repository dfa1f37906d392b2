import { describe, expect, it } from 'vitest';
import type { GithubError } from './errors';
import { rateLimitWaitMs, withRateLimit } from './rateLimit';

function httpError(status: number, headers: Record<string, string>, message = 'refused'): Error {
  return Object.assign(new Error(message), { status, response: { headers } });
}

const NOW = 1_700_000_000_000;

describe('rateLimitWaitMs', () => {
  it('reads retry-after first, then x-ratelimit-reset when nothing remains', () => {
    expect(rateLimitWaitMs(httpError(429, { 'retry-after': '12' }), NOW)).toBe(12_000);
    const reset = String(NOW / 1000 + 40);
    expect(
      rateLimitWaitMs(httpError(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }), NOW),
    ).toBe(41_000);
  });

  it('waits a minute for a 429 without headers or a 403 that says rate limit', () => {
    expect(rateLimitWaitMs(httpError(429, {}), NOW)).toBe(60_000);
    expect(rateLimitWaitMs(httpError(403, {}, 'You have exceeded a secondary rate limit'), NOW)).toBe(60_000);
  });

  it('is null for a plain 403, other statuses and non-HTTP errors', () => {
    expect(
      rateLimitWaitMs(httpError(403, { 'x-ratelimit-remaining': '4999' }, 'Resource not accessible'), NOW),
    ).toBeNull();
    expect(rateLimitWaitMs(httpError(500, { 'retry-after': '1' }), NOW)).toBeNull();
    expect(rateLimitWaitMs(new Error('socket hang up'), NOW)).toBeNull();
  });
});

describe('withRateLimit', () => {
  it('gives up after maxRetries rate-limited answers in a row', async () => {
    const waits: number[] = [];
    let calls = 0;
    const err = await withRateLimit(
      () => {
        calls++;
        return Promise.reject(httpError(429, { 'retry-after': '1' }));
      },
      { maxWaitMs: 10_000, maxRetries: 2, now: () => NOW, sleep: async (ms) => void waits.push(ms) },
    ).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(waits).toEqual([1000, 1000]);
    expect((err as GithubError).code).toBe('github_rate_limited');
    expect((err as GithubError).details).toEqual({
      retryAfterSeconds: 1,
      resetAt: new Date(NOW + 1000).toISOString(),
    });
  });

  it('passes other failures through untouched', async () => {
    const boom = httpError(500, {});
    await expect(
      withRateLimit(() => Promise.reject(boom), { maxWaitMs: 1, now: () => NOW, sleep: async () => {} }),
    ).rejects.toBe(boom);
  });
});
