import { describe, expect, it } from 'vitest';
import { PromptError, type PromptErrorCode } from './errors';
import { DEFAULT_RETRY_POLICY, backoffDelay, withRetries, type RetryDeps } from './retry';

/** Deterministic deps: records every sleep, never waits. */
function fakeDeps(randoms: number[] = [0.5]) {
  const sleeps: number[] = [];
  let i = 0;
  const deps: RetryDeps = {
    random: () => randoms[i++ % randoms.length]!,
    sleep: async (ms) => void sleeps.push(ms),
  };
  return { deps, sleeps };
}

/** An attempt function that fails with the given codes in order, then succeeds. */
function failing(...codes: (PromptErrorCode | PromptError)[]) {
  const calls: number[] = [];
  const fn = async (n: number) => {
    calls.push(n);
    const next = codes[n - 1];
    if (next === undefined) return 'ok';
    throw typeof next === 'string' ? new PromptError(next) : next;
  };
  return { fn, calls };
}

describe('withRetries', () => {
  it('retries overload and rate limits with exponential backoff and full jitter', async () => {
    const { deps, sleeps } = fakeDeps([0.5, 0.25, 0.999]);
    const { fn, calls } = failing('overloaded', 'rate_limited', 'overloaded');
    await expect(withRetries(fn, { deps })).resolves.toBe('ok');
    expect(calls).toEqual([1, 2, 3, 4]);
    // base 1000: ceilings 1000, 2000, 4000, times the injected randoms
    expect(sleeps).toEqual([500, 500, 3996]);
  });

  it('gives up after maxAttempts and reports how many were made', async () => {
    const { deps, sleeps } = fakeDeps();
    const { fn, calls } = failing('overloaded', 'overloaded', 'overloaded', 'overloaded', 'overloaded');
    const err = await withRetries(fn, { deps }).catch((e: PromptError) => e);
    expect(err).toMatchObject({ code: 'overloaded', diagnostics: { attempts: 4 } });
    expect(calls).toHaveLength(DEFAULT_RETRY_POLICY.maxAttempts);
    expect(sleeps).toHaveLength(3);
  });

  it.each<PromptErrorCode>([
    'validation_failed',
    'not_logged_in',
    'cli_not_found',
    'max_turns',
    'structured_output_retries_exhausted',
    'timeout',
    'cancelled',
    'api_error',
  ])('fails at once on %s', async (code) => {
    const { deps, sleeps } = fakeDeps();
    const { fn, calls } = failing(code);
    await expect(withRetries(fn, { deps })).rejects.toMatchObject({ code });
    expect(calls).toEqual([1]);
    expect(sleeps).toEqual([]);
  });

  it('asks again after a fed-back validation failure at once, validationRetries times, in the same budget', async () => {
    const { deps, sleeps } = fakeDeps();
    const invalid = () => new PromptError('validation_failed', { retryable: true });
    const { fn, calls } = failing(invalid(), invalid(), invalid(), invalid());
    const err = await withRetries(fn, { deps }).catch((e: PromptError) => e);
    expect(err).toMatchObject({ code: 'validation_failed', diagnostics: { attempts: 3 } });
    expect(calls).toHaveLength(1 + DEFAULT_RETRY_POLICY.validationRetries);
    expect(sleeps).toEqual([]);
    const tight = { ...DEFAULT_RETRY_POLICY, maxAttempts: 2 };
    const second = failing(invalid(), invalid(), invalid());
    await expect(withRetries(second.fn, { deps, policy: tight })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    expect(second.calls).toEqual([1, 2]);
  });

  it('retries an api_error that was classified as a 5xx', async () => {
    const { deps } = fakeDeps();
    const five = new PromptError('api_error', { retryable: true, diagnostics: { httpStatus: 502 } });
    const { fn, calls } = failing(five);
    await expect(withRetries(fn, { deps })).resolves.toBe('ok');
    expect(calls).toEqual([1, 2]);
  });

  it('retries a missing structured output once, without backoff', async () => {
    const { deps, sleeps } = fakeDeps();
    const twice = failing('no_structured_output', 'no_structured_output');
    await expect(withRetries(twice.fn, { deps })).rejects.toMatchObject({
      code: 'no_structured_output',
      diagnostics: { attempts: 2 },
    });
    expect(twice.calls).toEqual([1, 2]);
    const once = failing('no_structured_output');
    await expect(withRetries(once.fn, { deps })).resolves.toBe('ok');
    expect(sleeps).toEqual([]);
  });

  it('honours a short retry-after and refuses to wait for a long one', async () => {
    const { deps, sleeps } = fakeDeps();
    const short = new PromptError('rate_limited', { diagnostics: { retryAfterMs: 7000 } });
    await expect(withRetries(failing(short).fn, { deps })).resolves.toBe('ok');
    expect(sleeps).toEqual([7000]);
    const long = new PromptError('rate_limited', { diagnostics: { retryAfterMs: 3_600_000 } });
    const { fn, calls } = failing(long);
    await expect(withRetries(fn, { deps })).rejects.toBe(long);
    expect(calls).toEqual([1]);
  });

  it('stops retrying once the signal has aborted, and reports the cancel rather than the failure it met', async () => {
    const { deps } = fakeDeps();
    const controller = new AbortController();
    let calls = 0;
    const fn = async () => {
      calls++;
      controller.abort();
      throw new PromptError('overloaded');
    };
    await expect(withRetries(fn, { deps, signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
    expect(calls).toBe(1);
    // A timeout that coincides keeps its own code.
    const timedOut = async () => {
      throw new PromptError('timeout');
    };
    await expect(withRetries(timedOut, { deps, signal: controller.signal })).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('starts no retry that would leave less than minAttemptMs of the time budget', async () => {
    const { deps, sleeps } = fakeDeps([0.5]);
    const left = [60_000, 5_400];
    const { fn, calls } = failing('overloaded', 'overloaded', 'overloaded');
    const err = await withRetries(fn, { deps, remainingMs: () => left.shift() }).catch((e) => e);
    // 60 s left: wait 500 ms and retry; 5.4 s left: a 1 s wait would leave 4.4 s < 5 s, so give up.
    expect(err).toMatchObject({ code: 'overloaded', diagnostics: { attempts: 2 } });
    expect(calls).toEqual([1, 2]);
    expect(sleeps).toEqual([500]);
  });

  it('reports each retry', async () => {
    const { deps } = fakeDeps([0]);
    const seen: string[] = [];
    await withRetries(failing('overloaded').fn, {
      deps,
      onRetry: (e) => seen.push(`${e.error.code}@${e.attempt}+${e.delayMs}`),
    });
    expect(seen).toEqual(['overloaded@1+0']);
  });
});

describe('backoffDelay', () => {
  it('caps the exponential ceiling at maxDelayMs', () => {
    const almostOne = () => 0.9999;
    expect(backoffDelay(0, DEFAULT_RETRY_POLICY, almostOne)).toBe(999);
    expect(backoffDelay(20, DEFAULT_RETRY_POLICY, almostOne)).toBe(29_997);
    expect(backoffDelay(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(0);
  });
});
