// Collects changed paths and hands them over in one batch once the editor, formatter or checkout has gone quiet for
// `quietMs` (an editor's save is several events), but never later than `maxWaitMs` after the first one, so a
// steady stream of changes still gets checked. One batch at a time: paths arriving meanwhile wait for the next.

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface PathBatcherOptions {
  quietMs: number;
  maxWaitMs: number;
  flush: (paths: string[]) => Promise<void>;
  onError: (err: unknown) => void;
  timers?: Timers;
}

export class PathBatcher {
  private pending = new Set<string>();
  private firstAt: number | null = null;
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private readonly timers: Timers;

  constructor(private readonly options: PathBatcherOptions) {
    this.timers = options.timers ?? realTimers;
  }

  add(paths: Iterable<string>): void {
    for (const p of paths) this.pending.add(p);
    if (this.pending.size === 0) return;
    this.firstAt ??= this.timers.now();
    this.schedule();
  }

  private schedule(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    const waited = this.timers.now() - (this.firstAt ?? this.timers.now());
    const delay = Math.max(0, Math.min(this.options.quietMs, this.options.maxWaitMs - waited));
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  /** Hands over what is pending now (after the batch in progress, if any). Resolves when it has been handled. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.pending.size === 0) return;
    const batch = [...this.pending].sort();
    this.pending = new Set();
    this.firstAt = null;
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    this.running = this.options.flush(batch).catch(this.options.onError);
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Forgets pending paths and stops the timer. */
  stop(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
