import { describe, expect, it } from 'vitest';
import { PathBatcher, type Timers } from './pathBatcher';

/** A manual clock: timers fire only when the test advances time. */
function manualTimers() {
  let now = 0;
  let nextId = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void due.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...due].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at <= now) {
        due.delete(id);
        t.fn();
      }
    }
  };
  return { timers, advance };
}

function setup() {
  const batches: string[][] = [];
  const clock = manualTimers();
  let release: () => void = () => {};
  let hold = false;
  const batcher = new PathBatcher({
    quietMs: 100,
    maxWaitMs: 500,
    timers: clock.timers,
    onError: () => {},
    flush: async (paths) => {
      batches.push(paths);
      if (hold) {
        hold = false;
        await new Promise<void>((r) => (release = r));
      }
    },
  });
  return {
    batches,
    clock,
    batcher /** Holds the next batch until `release`. */,
    holdNext: () => (hold = true),
    release: () => release(),
  };
}

describe('PathBatcher', () => {
  it('hands over one sorted, de-duplicated batch once events stop for quietMs', () => {
    const { batches, clock, batcher } = setup();
    batcher.add(['b.ts', 'a.ts']);
    clock.advance(60);
    batcher.add(['a.ts', 'c.ts']);
    clock.advance(99);
    expect(batches).toEqual([]);
    clock.advance(1);
    expect(batches).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('does not wait longer than maxWaitMs under a steady stream of changes', () => {
    const { batches, clock, batcher } = setup();
    for (let t = 0; t < 500; t += 50) {
      batcher.add([`f${t}.ts`]);
      clock.advance(50);
    }
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(10);
  });

  it('keeps paths that arrive during a batch for the next one', async () => {
    const { batches, batcher, holdNext, release } = setup();
    holdNext();
    batcher.add(['a.ts']);
    const first = batcher.flush();
    batcher.add(['b.ts']);
    const second = batcher.flush();
    release();
    await first;
    await second;
    expect(batches).toEqual([['a.ts'], ['b.ts']]);
  });

  it('stop forgets what is pending', () => {
    const { batches, clock, batcher } = setup();
    batcher.add(['a.ts']);
    batcher.stop();
    clock.advance(1000);
    expect(batches).toEqual([]);
  });
});
