import { describe, expect, it } from 'vitest';
import type { PartialEvent } from './partialBatcher';
import { HELD_CHARS, SAMPLE_EVERY, TurnPartials } from './turnPartials';

function partials() {
  const out: PartialEvent[] = [];
  return { t: new TurnPartials((e) => out.push(e)), out };
}

/** The next turn of the event loop: the setImmediate TurnPartials scheduled before it has run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A deterministic pseudo-random sequence (a linear congruential generator). */
function numbers(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

describe('TurnPartials', () => {
  it('passes on the fragments of one turn as one event, joined in order, when the turn ends', async () => {
    const { t, out } = partials();
    const fragments = ['{"stories":[', '{"title":"a"}', ',', '{"title":"b"}', ']}'];
    for (const f of fragments) t.add(1, f);
    expect(out).toEqual([]);
    await nextTurn();
    expect(out).toEqual([{ type: 'partial', text: fragments.join(''), block: 1 }]);
  });

  it('does not hold more than HELD_CHARS: a whole answer decoded in one turn reaches the preview as it goes', () => {
    const { t, out } = partials();
    const fragment = 'x'.repeat(100);
    const count = Math.ceil(HELD_CHARS / fragment.length) * 3;
    for (let i = 0; i < count; i++) t.add(1, fragment);
    // Still in the same turn: all but the last part already passed on.
    expect(out.length).toBeGreaterThanOrEqual(2);
    expect(out.every((e) => e.text.length <= HELD_CHARS + fragment.length)).toBe(true);
    t.flush();
    expect(out.map((e) => e.text).join('')).toBe(fragment.repeat(count));
  });

  it('flush passes on what is held at once, and the end of the turn adds nothing after it', async () => {
    const { t, out } = partials();
    t.add(1, '{"a":');
    t.add(1, '1}');
    t.flush();
    expect(out).toEqual([{ type: 'partial', text: '{"a":1}', block: 1 }]);
    await nextTurn();
    expect(out).toHaveLength(1);
  });

  it('keeps answer blocks apart, each in order', async () => {
    const { t, out } = partials();
    t.add(1, '{"a"');
    t.add(1, ':1}');
    t.add(2, '[1');
    t.add(2, ']');
    await nextTurn();
    expect(out).toEqual([
      { type: 'partial', text: '{"a":1}', block: 1 },
      { type: 'partial', text: '[1]', block: 2 },
    ]);
  });

  it('passes fragments that come one per turn straight on, and joins again once they come faster', async () => {
    const { t, out } = partials();
    t.add(1, 'a');
    await nextTurn(); // a turn of one fragment: they trickle
    expect(out.map((e) => e.text)).toEqual(['a']);
    t.add(1, 'b');
    expect(out.map((e) => e.text)).toEqual(['a', 'b']); // not held for the turn's end
    await nextTurn();
    // A burst in one turn: at most SAMPLE_EVERY fragments pass on alone before the rest of it is joined.
    const burst = Array.from({ length: SAMPLE_EVERY * 4 }, (_, i) => String(i % 10));
    for (const f of burst) t.add(1, f);
    await nextTurn();
    expect(out.length).toBeLessThanOrEqual(2 + SAMPLE_EVERY + 1);
    expect(out.map((e) => e.text).join('')).toBe('ab' + burst.join(''));
  });

  it('never drops, duplicates or reorders a fragment, whatever the turns and blocks', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = numbers(seed);
      const { t, out } = partials();
      const sent = new Map<number, string>();
      let block = 1;
      for (let turn = 0; turn < 30; turn++) {
        // Turns of one fragment (trickling) and turns of many (bursts), some fragments large.
        const count = random(3) === 0 ? 1 : 1 + random(200);
        for (let k = 0; k < count; k++) {
          if (random(400) === 0) block++;
          const text = `${turn}.${k}|`.repeat(random(8) === 0 ? 300 : 1);
          t.add(block, text);
          sent.set(block, (sent.get(block) ?? '') + text);
        }
        await nextTurn();
      }
      t.flush();
      const received = new Map<number, string>();
      let last = 0;
      for (const e of out) {
        expect(e.block).toBeGreaterThanOrEqual(last); // blocks never go back
        last = e.block;
        received.set(e.block, (received.get(e.block) ?? '') + e.text);
      }
      expect(received).toEqual(sent);
    }
  });
});
