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

/** Whether more may be kept (past the limit the rest is drained, not kept, so the writer is not left blocked). */
const room = (into: Gathered, limit: number) => into.size < limit;

function keep(into: Gathered, chunk: Buffer, limit: number): void {
  if (!room(into, limit)) return;
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
 * EAGAIN), with what was read so far kept in `into` for the stream to go on from. The event loop waits meanwhile:
 * this runs while the arguments are read, before a command starts anything or listens for signals (Node's default
 * handling of SIGINT and SIGTERM, ending the process, still applies).
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
      if (code === 'EINTR') continue; // a signal handler ran: read again
      if (code === 'EOF') return true; // how some platforms report a closed pipe
      throw err;
    }
    if (n === 0) return true;
    if (room(into, limit)) keep(into, Buffer.from(buffer.subarray(0, n)), limit);
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
