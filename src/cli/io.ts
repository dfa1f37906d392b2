import type { Readable, Writable } from 'node:stream';

export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  /** The caller's working directory: relative paths in arguments resolve against it (default: this process's). */
  cwd?: string;
}

export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(JSON.stringify(value) + '\n');
}

/**
 * Reads a stream to its end, keeping at most `limit` bytes: enough for the contract to refuse a text over its
 * limit (every limit is far below this), without holding an endless pipe in memory.
 */
export async function readAll(stream: Readable, limit = 32 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    if (size >= limit) continue; // drain the rest so the writer is not left blocked
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    chunks.push(buf);
    size += buf.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}
