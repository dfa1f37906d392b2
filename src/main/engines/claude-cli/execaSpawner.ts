/**
 * The CLI spawned through execa: on Windows it resolves PATHEXT, shebangs and cmd.exe's escaping, which
 * node:child_process does not (see spawnCli.ts for POSIX). Loaded only where it is used.
 */
import { execa } from 'execa';
import type { SpawnExit, Spawner } from './spawnCli';

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
