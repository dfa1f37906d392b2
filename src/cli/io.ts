import { readSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';

export interface CliIo {
  stdin: Readable;
  /**
   * stdin's file descriptor when it is this process's own (0 on POSIX): its text is then read from it directly,
   * and the stream (which costs a start-up ~3 ms to set up for a pipe) is only made if the descriptor is
   * non-blocking.
   */
  stdinFd?: number;
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  /** The caller's working directory: relative paths in arguments resolve against it (default: this process's). */
  cwd?: string;
}

export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(JSON.stringify(value) + '\n');
}

/** The most of stdin kept: enough for the contract to refuse a text over its limit (every limit is far below). */
export const STDIN_LIMIT = 32 * 1024 * 1024;

/** Bytes read so far, at most `limit` of them kept. */
interface Gathered {
  chunks: Buffer[];
  size: number;
}

function keep(into: Gathered, chunk: Buffer, limit: number): void {
  if (into.size >= limit) return; // drained, not kept: the writer is not left blocked
  into.chunks.push(chunk);
  into.size += chunk.length;
}

/** stdin's text to its end: from its descriptor when there is one, else (or once that would block) the stream. */
export async function readStdin(io: CliIo, limit = STDIN_LIMIT): Promise<string> {
  const gathered: Gathered = { chunks: [], size: 0 };
  if (io.stdinFd !== undefined && readFdToEnd(io.stdinFd, gathered, limit)) return text(gathered);
  return readAll(io.stdin, limit, gathered);
}

/**
 * Reads a descriptor to its end synchronously into `into`; false if it would block first (a non-blocking pipe:
 * EAGAIN), with what was read so far kept in `into` for the stream to go on from.
 */
export function readFdToEnd(
  fd: number,
  into: Gathered,
  limit: number,
  read: (fd: number, buffer: Buffer) => number = (f, b) => readSync(f, b, 0, b.length, null),
): boolean {
  const buffer = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = read(fd, buffer);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') return false;
      if (code === 'EOF') return true; // how some platforms report a closed pipe
      throw err;
    }
    if (n === 0) return true;
    keep(into, Buffer.from(buffer.subarray(0, n)), limit);
  }
}

/**
 * Reads a stream to its end (after what `into` already holds), keeping at most `limit` bytes: enough for the
 * contract to refuse a text over its limit, without holding an endless pipe in memory.
 */
export async function readAll(
  stream: Readable,
  limit = STDIN_LIMIT,
  into: Gathered = { chunks: [], size: 0 },
): Promise<string> {
  for await (const chunk of stream) {
    keep(into, typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer), limit);
  }
  return text(into);
}

const text = (gathered: Gathered) => Buffer.concat(gathered.chunks).toString('utf8');
