import { describe, expect, it } from 'vitest';
import { createSlots, slotLimit } from './cliSlots';

describe('CLI slots', () => {
  it('lets `limit` holders in at once; the next waits until one frees its slot', async () => {
    const slots = createSlots(2);
    const first = await slots.take();
    const second = await slots.take();
    let third: (() => void) | undefined;
    const waiting = slots.take().then((release) => (third = release));
    await Promise.resolve();
    expect(third).toBeUndefined();
    expect(slots.inUse).toBe(2);
    first();
    first(); // a second release of the same slot frees nothing more
    await waiting;
    expect(third).toBeTypeOf('function');
    expect(slots.inUse).toBe(2);
    second();
    third!();
    expect(slots.inUse).toBe(0);
  });

  it('reads its limit from PUFFIN_TEST_CLI_SLOTS, 2 when unset or not a positive integer', () => {
    expect(slotLimit({ PUFFIN_TEST_CLI_SLOTS: '3' })).toBe(3);
    expect(slotLimit({})).toBe(2);
    expect(slotLimit({ PUFFIN_TEST_CLI_SLOTS: '0' })).toBe(2);
    expect(slotLimit({ PUFFIN_TEST_CLI_SLOTS: 'many' })).toBe(2);
  });
});
