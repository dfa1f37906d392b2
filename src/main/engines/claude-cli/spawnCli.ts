/**
 * The one place a CLI process is created (never through a shell). Exposed as a `Spawner` so tests and the bench
 * can substitute a replaying fake while everything around it stays real. On POSIX it is node:child_process
 * itself: execa adds nothing there (the OS resolves the file and takes the argv as it is) but cost ~9 ms of CPU
 * per call; on Windows execa resolves PATHEXT, shebangs and cmd.exe's escaping, which child_process does not
 * (execaSpawner.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';

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

/** How a process that could not be started ended: no exit status, the errno (as execa reports it). */
function spawnFailure(err: NodeJS.ErrnoException): SpawnExit {
  return { exitCode: null, signal: null, errorCode: err.code ?? 'ESPAWN', errorMessage: err.message };
}

/** A process that could not be started: empty streams, and `exited` carrying the errno. */
function notStarted(err: NodeJS.ErrnoException): SpawnedCli {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.end();
  stderr.end();
  return {
    pid: undefined,
    stdout,
    stderr,
    exited: Promise.resolve(spawnFailure(err)),
    processExited: Promise.resolve<SpawnExit>({ exitCode: null, signal: null }),
  };
}

/** POSIX: the CLI in a process group of its own, the prompt written to its stdin, which is then closed. */
export const posixSpawner: Spawner = (command, args, options) => {
  let child: ChildProcess;
  try {
    child = spawn(command, [...args], {
      env: options.env,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      // A new process group, so the whole tree can be signalled (see processTree.ts).
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (err) {
    // Errors child_process throws instead of emitting (E2BIG for an argv over the system's limit, ...).
    return notStarted(err as NodeJS.ErrnoException);
  }
  // Only an error before the process started is a spawn failure (ENOENT, EACCES): it then emits no 'exit'.
  let started = false;
  let failed: NodeJS.ErrnoException | undefined;
  child.once('spawn', () => (started = true));
  child.on('error', (err: NodeJS.ErrnoException) => {
    if (!started) failed ??= err;
  });
  // EPIPE only means the CLI exited before reading the prompt; its exit status tells the story.
  child.stdin!.on('error', () => {});
  child.stdin!.end(options.input);
  // 'close': the process has exited and its stdout and stderr have ended.
  const exited = new Promise<SpawnExit>((resolve) =>
    child.once('close', (exitCode: number | null, signal: NodeJS.Signals | null) =>
      resolve(failed ? spawnFailure(failed) : { exitCode, signal }),
    ),
  );
  const processExited = new Promise<SpawnExit>((resolve) => {
    child.once('exit', (exitCode, signal) => resolve({ exitCode, signal }));
    child.once('error', () => {
      if (failed) resolve({ exitCode: null, signal: null });
    });
  });
  return { pid: child.pid, stdout: child.stdout!, stderr: child.stderr!, exited, processExited };
};

/**
 * The spawner of every real CLI run: posixSpawner, or on Windows execaSpawner, loaded only there (execa's ~250 KB
 * of modules cost every POSIX start ~5 ms of CPU to evaluate, for nothing).
 */
export async function cliSpawner(): Promise<Spawner> {
  return process.platform === 'win32' ? (await import('./execaSpawner')).execaSpawner : posixSpawner;
}
