import { describe, expect, it } from 'vitest';
import { ConcurrencyGate, type GateLease } from './gate';
import { PromptError } from './errors';

/** A fake CLI process: resolves when killed or finished by the test. */
function fakeProcess(lease: GateLease) {
  let finish!: (v: string) => void;
  let fail!: (e: unknown) => void;
  const done = new Promise<string>((res, rej) => {
    finish = res;
    fail = rej;
  });
  const state = { killed: false };
  lease.onKill(() => {
    state.killed = true;
    fail(new PromptError('cancelled'));
  });
  return { done, finish, state };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('ConcurrencyGate', () => {
  it('runs at most N at once and admits the rest first in, first out', async () => {
    const gate = new ConcurrencyGate(2);
    const order: number[] = [];
    const procs: ReturnType<typeof fakeProcess>[] = [];
    const runs = [0, 1, 2, 3, 4].map((i) =>
      gate.run(async (lease) => {
        order.push(i);
        const p = fakeProcess(lease);
        procs[i] = p;
        return p.done;
      }),
    );
    await flush();
    expect(order).toEqual([0, 1]);
    expect(gate.stats()).toEqual({ limit: 2, running: 2, queued: 3 });
    procs[1]!.finish('one');
    await flush();
    expect(order).toEqual([0, 1, 2]);
    procs[0]!.finish('zero');
    await flush();
    expect(order).toEqual([0, 1, 2, 3]);
    procs[2]!.finish('two');
    procs[3]!.finish('three');
    await flush();
    procs[4]!.finish('four');
    expect(await Promise.all(runs)).toEqual(['zero', 'one', 'two', 'three', 'four']);
    expect(gate.stats()).toEqual({ limit: 2, running: 0, queued: 0 });
  });

  it('lets a queued call leave the queue when its signal aborts, without taking a slot', async () => {
    const gate = new ConcurrencyGate(1);
    const first = await gate.acquire();
    const controller = new AbortController();
    const queued = gate.acquire(controller.signal);
    const behind = gate.acquire();
    expect(gate.stats().queued).toBe(2);
    controller.abort();
    await expect(queued).rejects.toMatchObject({ code: 'cancelled' });
    expect(gate.stats().queued).toBe(1);
    first.release();
    const second = await behind;
    expect(gate.stats()).toEqual({ limit: 1, running: 1, queued: 0 });
    second.release();
  });

  it('rejects at once when the signal has already fired', async () => {
    const gate = new ConcurrencyGate(1);
    await expect(gate.acquire(AbortSignal.abort())).rejects.toBeInstanceOf(PromptError);
    expect(gate.stats().running).toBe(0);
  });

  it('applies a new limit at run time', async () => {
    const gate = new ConcurrencyGate(1);
    const a = await gate.acquire();
    const b = gate.acquire();
    const c = gate.acquire();
    gate.setLimit(3);
    await Promise.all([b, c]);
    expect(gate.stats()).toEqual({ limit: 3, running: 3, queued: 0 });
    a.release();
    expect(() => gate.setLimit(0)).toThrow(RangeError);
  });

  it('killAll rejects the queue, kills the running, and resolves once they have released', async () => {
    const gate = new ConcurrencyGate(2);
    const procs: ReturnType<typeof fakeProcess>[] = [];
    const runs = [0, 1, 2].map((i) =>
      gate.run(async (lease) => {
        procs[i] = fakeProcess(lease);
        return procs[i]!.done;
      }),
    );
    await flush();
    let drained = false;
    const killing = gate.killAll().then(() => (drained = true));
    const results = await Promise.allSettled(runs);
    await killing;
    expect(drained).toBe(true);
    expect(procs[0]!.state.killed && procs[1]!.state.killed).toBe(true);
    expect(procs[2]).toBeUndefined(); // never started
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(gate.stats()).toEqual({ limit: 2, running: 0, queued: 0 });
    // The gate stays usable (a host can be restarted).
    const again = await gate.acquire();
    again.release();
  });

  it('kills a process registered after killAll started', async () => {
    const gate = new ConcurrencyGate(1);
    const lease = await gate.acquire();
    const killing = gate.killAll();
    let killed = false;
    lease.onKill(() => (killed = true));
    expect(killed).toBe(true);
    lease.release();
    lease.release(); // idempotent
    await killing;
    expect(gate.stats().running).toBe(0);
  });
});
