/**
 * Warnings and errors survive a restart: every warn/error line of the log bus is appended to
 * `<userData>/logs/puffin.log` (one JSON object per line), rotated at a size limit to `puffin.1.log` … so the folder
 * stays bounded. Appends are serialised and never block or throw into the caller; a failing disk is reported once
 * on the bus (not to the file, which is what failed).
 */
import { appendFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { LogLine } from '../../shared/log';
import type { LogBus } from './logger';

export interface LogFileOptions {
  /** Rotate when the current file would grow past this many bytes. */
  maxBytes?: number;
  /** How many rotated files to keep beside the current one. */
  keep?: number;
}

export const LOG_FILE_NAME = 'puffin.log';

export function logFilePath(userDataDir: string): string {
  return join(userDataDir, 'logs', LOG_FILE_NAME);
}

const rotated = (file: string, n: number) => file.replace(/\.log$/, `.${n}.log`);

export class LogFile {
  private queue: Promise<void> = Promise.resolve();
  private size: number | null = null;
  private failed = false;
  private readonly maxBytes: number;
  private readonly keep: number;

  constructor(
    readonly path: string,
    options: LogFileOptions = {},
    private readonly onFailure: (err: unknown) => void = () => {},
  ) {
    this.maxBytes = options.maxBytes ?? 1024 * 1024;
    this.keep = options.keep ?? 3;
  }

  /** Appends one line (warn and error only); resolves when it is on disk or has failed. */
  write(line: LogLine): Promise<void> {
    if (line.level !== 'warn' && line.level !== 'error') return this.queue;
    const text = JSON.stringify(line) + '\n';
    this.queue = this.queue.then(() => this.append(text));
    return this.queue;
  }

  /** Resolves when every line written so far has been appended. */
  flush(): Promise<void> {
    return this.queue;
  }

  /** Writes the bus's warnings and errors from now on; returns the unsubscribe. */
  attach(bus: LogBus): () => void {
    return bus.subscribe((line) => void this.write(line));
  }

  private async append(text: string): Promise<void> {
    try {
      if (this.size === null) {
        await mkdir(dirname(this.path), { recursive: true });
        this.size = await stat(this.path).then(
          (s) => s.size,
          () => 0,
        );
      }
      const bytes = Buffer.byteLength(text);
      if (this.size > 0 && this.size + bytes > this.maxBytes) await this.rotate();
      await appendFile(this.path, text);
      this.size += bytes;
      this.failed = false;
    } catch (err) {
      this.size = null; // look again next time (the folder may have been removed)
      if (!this.failed) this.onFailure(err);
      this.failed = true;
    }
  }

  private async rotate(): Promise<void> {
    await rm(rotated(this.path, this.keep), { force: true });
    for (let n = this.keep - 1; n >= 1; n--)
      await rename(rotated(this.path, n), rotated(this.path, n + 1)).catch(() => undefined);
    await rename(this.path, rotated(this.path, 1));
    this.size = 0;
  }
}
