/**
 * The concurrency gate: at most `limit` CLI processes at once across every caller, served first in, first out.
 * A queued call whose AbortSignal fires leaves the queue at once. `killAll()` (app quit, host stop) empties the
 * queue and asks every running holder to kill its process tree, then resolves when all of them have released.
 * With `machine` slots the same limit also holds across processes (the app, the host, headless commands): a call
 * that has its place here then waits for a machine-wide slot (machineSlots.ts) before it runs.
 */
import { PromptError } from './errors';
import type { MachineSlots } from './machineSlots';

export interface GateLease {
  /** Registers how to kill what this lease runs; returns an unregister function. */
  onKill(kill: () => void): () => void;
  /** True once killAll() has asked this lease to stop. */
  readonly killed: boolean;
  /** Frees the slot; idempotent. */
  release(): void;
}

interface Waiter {
  grant: (lease: GateLease) => void;
  reject: (err: PromptError) => void;
  cleanup: () => void;
}

export interface GateStats {
  limit: number;
  running: number;
  queued: number;
}

export class ConcurrencyGate {
  private limit: number;
  private readonly queue: Waiter[] = [];
  private readonly leases = new Set<Lease>();
  private drained: (() => void)[] = [];

  constructor(
    limit = 2,
    private readonly machine?: MachineSlots,
  ) {
    this.limit = ConcurrencyGate.checkLimit(limit);
  }

  /** Changes the bound at run time (from settings); a larger bound admits queued calls immediately. */
  setLimit(limit: number): void {
    this.limit = ConcurrencyGate.checkLimit(limit);
    this.pump();
  }

  stats(): GateStats {
    return { limit: this.limit, running: this.leases.size, queued: this.queue.length };
  }

  /** Waits for a slot. Rejects with PromptError('cancelled') if the signal fires first. */
  acquire(signal?: AbortSignal): Promise<GateLease> {
    if (signal?.aborted) return Promise.reject(new PromptError('cancelled'));
    if (this.leases.size < this.limit && this.queue.length === 0) return Promise.resolve(this.newLease());
    return new Promise<GateLease>((resolve, reject) => {
      const onAbort = () => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        reject(new PromptError('cancelled'));
      };
      const waiter: Waiter = {
        grant: resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  /** acquire (here, then machine-wide) → task → release, whatever the task does. */
  async run<T>(task: (lease: GateLease) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const lease = await this.acquire(signal);
    try {
      const slot = await this.machine?.acquire(this.limit, signal, (stop) => lease.onKill(stop));
      try {
        return await task(lease);
      } finally {
        slot?.release();
      }
    } finally {
      lease.release();
    }
  }

  /** Rejects every queued call, kills every running one; resolves when every running lease has released. */
  killAll(): Promise<void> {
    for (const waiter of this.queue.splice(0)) {
      waiter.cleanup();
      waiter.reject(new PromptError('cancelled', { detail: 'Puffin is shutting down' }));
    }
    for (const lease of this.leases) lease.kill();
    if (this.leases.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  private newLease(): Lease {
    const lease = new Lease(() => {
      this.leases.delete(lease);
      this.pump();
      if (this.leases.size === 0) for (const resolve of this.drained.splice(0)) resolve();
    });
    this.leases.add(lease);
    return lease;
  }

  private pump(): void {
    while (this.leases.size < this.limit && this.queue.length > 0) {
      const waiter = this.queue.shift()!;
      waiter.cleanup();
      waiter.grant(this.newLease());
    }
  }

  private static checkLimit(limit: number): number {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`concurrency limit must be an integer ≥ 1, got ${limit}`);
    return limit;
  }
}

class Lease implements GateLease {
  private readonly killers = new Set<() => void>();
  private released = false;
  killed = false;

  constructor(private readonly onRelease: () => void) {}

  onKill(kill: () => void): () => void {
    this.killers.add(kill);
    if (this.killed) kill();
    return () => this.killers.delete(kill);
  }

  kill(): void {
    this.killed = true;
    for (const k of this.killers) {
      try {
        k();
      } catch {
        // One failing kill must not stop the others.
      }
    }
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.killers.clear();
    this.onRelease();
  }
}
