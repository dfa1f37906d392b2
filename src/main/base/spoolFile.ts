import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncDir } from './atomicFile';
import { writeFailure } from './writeErrors';

/** Pieces of a file's content, written one after the other: strings (UTF-8) and bytes. */
export type Pieces = readonly (string | Uint8Array)[];

export interface SpoolOptions {
  /** Pieces are written once this many bytes (about: UTF-16 units of strings) wait (default 1 MiB)... */
  batchBytes?: number;
  /** ...or this long after the first of them came (default 1 s). */
  delayMs?: number;
}

/**
 * A file written as its content comes, so nothing waits in memory for the end (History's raw lines: ~4.8 MB for a
 * large answer) and what came before a crash is on disk. It is written at `partialPath`, readable meanwhile, and
 * becomes `path` by a rename when finished: `path` never holds a torn file.
 *
 * write() never throws and never waits. Pieces are written in batches (one writev each): a write costs this
 * process ~45 µs beyond its bytes, so 64 KB at a time cost ~3x what 1 MB at a time costs. The first failure (a
 * full disk, a folder Puffin may not write) stops the writing; finish() then rejects with it, typed as
 * writeFailure says, and removes the partial file.
 */
export class SpoolFile {
  private handle: Promise<FileHandle> | undefined;
  private queued: (string | Uint8Array)[] = [];
  private queuedSize = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  private failure: unknown;
  private failed = false;
  private finished = false;
  /** Write everything that waits, whatever its size (asked for, or waited long enough). */
  private forced = false;
  private readonly batchBytes: number;
  private readonly delayMs: number;

  constructor(
    readonly path: string,
    readonly partialPath: string,
    options: SpoolOptions = {},
  ) {
    this.batchBytes = options.batchBytes ?? 1024 * 1024;
    this.delayMs = options.delayMs ?? 1000;
  }

  /** How much waits for the next write (bytes of bytes, UTF-16 units of strings). */
  get waiting(): number {
    return this.queuedSize;
  }

  write(pieces: Pieces): void {
    if (this.failed || this.finished || pieces.length === 0) return;
    for (const piece of pieces) {
      this.queued.push(piece);
      this.queuedSize += piece.length;
    }
    if (this.queuedSize >= this.batchBytes) this.flushing ??= this.flush();
    else this.startTimer();
  }

  /** Resolves when everything written so far is in the partial file (or the writing failed). */
  async written(): Promise<void> {
    this.kick();
    while (this.flushing) await this.flushing;
  }

  /** Writes `last`, then makes the file durable and final; rejects with the first failure of any write. */
  async finish(last: Pieces = []): Promise<void> {
    this.write(last);
    this.finished = true;
    if (!this.handle && !this.failed) this.handle = this.opened(); // nothing was written: an empty file
    await this.written();
    try {
      if (this.failed) throw this.failure;
      const handle = await this.handle!;
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(this.partialPath, this.path);
      await syncDir(dirname(this.path));
    } catch (err) {
      await this.discard();
      throw writeFailure(err, this.path);
    }
  }

  /** Drops what was written (nothing is kept at `path`). */
  async discard(): Promise<void> {
    this.failed = true;
    this.dropQueued();
    await this.flushing;
    const handle = await this.handle?.catch(() => undefined);
    await handle?.close().catch(() => undefined);
    await rm(this.partialPath, { force: true }).catch(() => undefined);
  }

  private opened(): Promise<FileHandle> {
    return mkdir(dirname(this.partialPath), { recursive: true }).then(() =>
      open(this.partialPath, 'w', 0o644),
    );
  }

  /** Writes everything that waits now, or after the write in flight. */
  private kick(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queued.length === 0) return;
    this.forced = true;
    this.flushing ??= this.flush();
  }

  /** What waits below a batch is written after delayMs at the latest. */
  private startTimer(): void {
    if (this.timer || this.flushing || this.queued.length === 0) return;
    this.timer = setTimeout(() => this.kick(), this.delayMs);
    this.timer.unref?.();
  }

  private dropQueued(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.queued = [];
    this.queuedSize = 0;
  }

  private async flush(): Promise<void> {
    try {
      this.handle ??= this.opened();
      while (this.queued.length > 0 && !this.failed && (this.forced || this.queuedSize >= this.batchBytes)) {
        this.forced = false;
        const batch = this.queued;
        this.queued = [];
        this.queuedSize = 0;
        const handle = await this.handle;
        await handle.writev(batch.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
      }
    } catch (err) {
      this.failed = true;
      this.failure ??= err;
      this.dropQueued();
    } finally {
      this.flushing = undefined;
    }
    this.startTimer(); // what came during the last write, below a batch
  }
}
