// Test helper: runs the headless CLI in this process the way bin/puffin.cjs does, with a given stdin, env and
// cwd, and checks the one promise every command makes: exactly one JSON object on stdout.
import { PassThrough } from 'node:stream';
import { expect } from 'vitest';
import { runCli } from '../../../src/cli/main';

export interface InProcessRun {
  code: number;
  out: Record<string, unknown>;
  stderr: string;
}

export async function runPuffin(
  argv: string[],
  opts: { stdin?: string; env: NodeJS.ProcessEnv; cwd?: string },
): Promise<InProcessRun> {
  const stdin = new PassThrough();
  stdin.end(opts.stdin ?? '');
  const collect = (stream: PassThrough) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    return () => Buffer.concat(chunks).toString('utf8');
  };
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const [out, err] = [collect(stdout), collect(stderr)];
  const code = await runCli(argv, {
    stdin,
    stdout,
    stderr,
    env: opts.env,
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
  });
  const lines = out().trim().split('\n');
  expect(lines, `stdout of puffin ${argv.join(' ')}`).toHaveLength(1);
  return { code, out: JSON.parse(lines[0]!) as Record<string, unknown>, stderr: err() };
}
