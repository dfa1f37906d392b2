import { describe, expect, it } from 'vitest';
import { onDemand } from './onDemand';

describe('onDemand', () => {
  it('makes nothing until asked, then makes the value once for every caller', async () => {
    let made = 0;
    const v = onDemand(async () => ++made);
    let seen: number | undefined;
    void v.value.then((n) => (seen = n));
    await Promise.resolve();
    expect([made, v.started, seen]).toEqual([0, false, undefined]);
    expect(await Promise.all([v.get(), v.get()])).toEqual([1, 1]);
    expect([made, v.started, await v.value]).toEqual([1, true, 1]);
  });

  it('passes a failure, thrown or rejected, to every caller and to value', async () => {
    const thrown = onDemand<number>(() => {
      throw new Error('no settings');
    });
    await expect(thrown.get()).rejects.toThrow('no settings');
    await expect(thrown.value).rejects.toThrow('no settings');
    const rejected = onDemand<number>(() => Promise.reject(new Error('no disk')));
    await expect(rejected.get()).rejects.toThrow('no disk');
  });
});
