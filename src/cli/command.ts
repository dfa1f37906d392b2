import type { Readable, Writable } from 'node:stream';

export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

/** One headless subcommand. `path` is the words that select it, e.g. ['assertions', 'evaluate']. */
export interface CliCommand {
  path: string[];
  summary: string;
  /** Returns the process exit code. Prints exactly one JSON object on stdout (DESIGN §6). */
  run(args: string[], io: CliIo): Promise<number>;
}

/** Writes the DESIGN §6 error object and returns exit code 1. */
export function printError(
  io: CliIo,
  code: string,
  message: string,
  extra?: Record<string, unknown>,
): number {
  io.stdout.write(JSON.stringify({ error: { code, message, ...extra } }) + '\n');
  return 1;
}

export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(JSON.stringify(value) + '\n');
}

export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
