/**
 * The one place a CLI process is created (through execa, never a shell). Exposed as a `Spawner` so tests and
 * the bench can substitute a replaying fake while everything around it stays real.
 */
import type { Readable } from 'node:stream';
import { execa } from 'execa';

export interface SpawnOptions {
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /** Written to stdin, which is then closed. */
  input: string;
  windowsVerbatimArguments?: boolean;
}

export interface SpawnExit {
  exitCode: number | null;
  signal: string | null;
  /** errno code when the process could not be started (ENOENT, EACCES, ...). */
  errorCode?: string;
  errorMessage?: string;
}

export interface SpawnedCli {
  pid: number | undefined;
  stdout: Readable;
  stderr: Readable;
  /** Resolves (never rejects) once the process has exited and its stdout/stderr have ended. */
  exited: Promise<SpawnExit>;
  /**
   * Resolves when the process itself has exited, even while a descendant still holds its stdout open (then
   * `exited` waits); absent for spawners that cannot tell the two apart.
   */
  processExited?: Promise<SpawnExit>;
}

export type Spawner = (command: string, args: readonly string[], options: SpawnOptions) => SpawnedCli;

export const execaSpawner: Spawner = (command, args, options) => {
  const subprocess = execa(command, [...args], {
    input: options.input,
    env: options.env,
    extendEnv: false,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    // A new process group on POSIX, so the whole tree can be signalled (see processTree.ts).
    detached: process.platform !== 'win32',
    windowsHide: true,
    windowsVerbatimArguments: options.windowsVerbatimArguments ?? false,
    // We read the streams as they arrive and bound what we keep; execa must not buffer them too.
    buffer: false,
    reject: false,
    forceKillAfterDelay: false,
    encoding: 'buffer',
  });
  const exited = subprocess.then((r) => {
    const cause = (r as { cause?: unknown }).cause as NodeJS.ErrnoException | undefined;
    const errorCode = (r as { code?: string }).code ?? cause?.code;
    const exit: SpawnExit = { exitCode: r.exitCode ?? null, signal: r.signal ?? null };
    // EPIPE on stdin only means the CLI exited before reading the prompt; its exit status tells the story.
    if (r.failed && errorCode && errorCode !== 'EPIPE' && r.exitCode === undefined && !r.signal) {
      exit.errorCode = errorCode;
      exit.errorMessage = cause?.message ?? r.shortMessage;
    }
    return exit;
  });
  const node = subprocess.nodeChildProcess;
  const processExited = new Promise<SpawnExit>((resolve) => {
    node.once('exit', (exitCode, signal) => resolve({ exitCode, signal }));
    // Never started: `exited` carries the errno; this only has to settle.
    node.once('error', () => resolve({ exitCode: null, signal: null }));
  });
  return {
    pid: subprocess.pid,
    stdout: subprocess.stdout,
    stderr: subprocess.stderr,
    exited,
    processExited,
  };
};
