import { describe, expect, it } from 'vitest';
import { StallError, stallWindowMs, untilStalled } from './stallGuard';

const never = new Promise<never>(() => {});

describe('untilStalled', () => {
  it('passes the result of work that finishes', async () => {
    await expect(untilStalled(Promise.resolve(7), () => 0, 'x', 50)).resolves.toBe(7);
    await expect(untilStalled(Promise.reject(new Error('boom')), () => 0, 'x', 50)).rejects.toThrow('boom');
  });

  it('fails work that shows no progress for the window, naming what was awaited', async () => {
    const started = Date.now();
    const error = await untilStalled(never, () => 0, 'the derive call', 80).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StallError);
    expect((error as Error).message).toBe('the derive call: no progress for 0.08 s');
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
  });

  it('lets work that keeps moving run past the window many times over', async () => {
    let count = 0;
    const ticker = setInterval(() => count++, 10);
    const done = new Promise((resolve) => setTimeout(() => resolve('done'), 400));
    await expect(untilStalled(done, () => count, 'moving work', 100)).resolves.toBe('done');
    clearInterval(ticker);
  });

  it('reads its window from PUFFIN_TEST_STALL_MS, 60 s by default', () => {
    expect(stallWindowMs({ PUFFIN_TEST_STALL_MS: '5000' })).toBe(5000);
    expect(stallWindowMs({})).toBe(60_000);
    expect(stallWindowMs({ PUFFIN_TEST_STALL_MS: '-1' })).toBe(60_000);
  });
});
