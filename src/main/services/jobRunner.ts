/**
 * The model jobs of one service: at most one job per key (a stories generation by its id, a plans job by its
 * sprint), cancel by key, cancel everything at quit, background work (titles) that starts only while the app is
 * not closing and is aborted when it closes, and `idle()` for when everything started has been stored. Calls are
 * recorded in the project's history through recordCall (historyRecorder.ts).
 */
import type { Generation } from '../../shared/stories';
import type { ProjectStore } from '../store/projectStore';
import type { SendPromptResult } from '../llm/promptTypes';
import {
  recordCall,
  type CallSinks,
  type HistoryDeps,
  type RecordOptions,
  type Recorded,
} from './historyRecorder';

export class JobRunner {
  private readonly running = new Map<string, AbortController>();
  private readonly pending = new Set<Promise<unknown>>();
  /** Aborted at quit: background calls (titles) take their signal from it. */
  private readonly background = new AbortController();

  constructor(private readonly history: HistoryDeps) {}

  /** True once cancelAll ran: no more background work starts. */
  get closing(): boolean {
    return this.background.signal.aborted;
  }

  isRunning(key: string): boolean {
    return this.running.has(key);
  }

  /** Runs `job` as the key's one job; `busy` is thrown while another job holds the key. */
  run<T>(key: string, busy: () => Error, job: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.running.has(key)) return Promise.reject(busy());
    const controller = new AbortController();
    // Once closing, a job that arrives late (a request during quit) starts cancelled rather than running a call.
    if (this.closing) controller.abort();
    this.running.set(key, controller);
    const done = (async () => {
      try {
        return await job(controller.signal);
      } finally {
        this.running.delete(key);
      }
    })();
    return this.track(done);
  }

  /** Starts background work unless the app is closing (then it is skipped); its signal aborts at quit. */
  inBackground(work: (signal: AbortSignal) => Promise<void>): void {
    if (this.closing) return;
    void this.track(
      work(this.background.signal).catch((err: unknown) =>
        this.history.logger.error(`Background work failed: ${String(err)}`),
      ),
    );
  }

  /** Aborts the key's running job (its CLI process tree is killed); false when nothing runs under the key. */
  cancel(key: string): { cancelled: boolean } {
    const controller = this.running.get(key);
    if (!controller) return { cancelled: false };
    controller.abort();
    return { cancelled: true };
  }

  /** App quit / host stop: cancels every job and background call; later jobs start cancelled, background ones not at all. */
  cancelAll(): void {
    this.background.abort();
    for (const c of this.running.values()) c.abort();
  }

  /** Resolves when every job and background call started so far has settled (and so been stored). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** One CLI call kept in the project's history (see recordCall). */
  record<R extends SendPromptResult<unknown>>(
    store: ProjectStore,
    initial: Generation,
    call: (sinks: CallSinks) => Promise<R>,
    options?: RecordOptions<R>,
  ): Promise<Recorded<R>> {
    return recordCall(this.history, store, initial, call, options);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => undefined);
    return p;
  }
}
