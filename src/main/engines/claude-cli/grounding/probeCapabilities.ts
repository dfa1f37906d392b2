/**
 * Asks a CLI build which confinement flags it has (`--help`, `--version`), once per binary: the answer is kept
 * until the file at the CLI's path changes (an update replaces it). A probe is a CLI run like any other: its own
 * process group, the run marker, the watchdog (so it dies with Puffin), and a bound on what it may print.
 */
import { stat } from 'node:fs/promises';
import { invocation, type LocatedCli } from '../locateCli';
import { newRunId, RUN_ID_ENV } from '../runMarker';
import { defaultRunGuard, type RunGuard } from '../runWatchdog';
import { parseCliCapabilities, type CliCapabilities } from './capabilities';

const PROBE_TIMEOUT_MS = 20_000;
/** Far more than any build's --help; what is past it is not read. */
export const PROBE_MAX_BYTES = 1024 * 1024;

export interface CapabilityProbe {
  (cli: LocatedCli, env: NodeJS.ProcessEnv): Promise<CliCapabilities>;
}

async function printed(
  cli: LocatedCli,
  flag: string,
  env: NodeJS.ProcessEnv,
  guard: RunGuard,
): Promise<string> {
  const { command, args, windowsVerbatimArguments } = invocation(cli, [flag]);
  // Loaded when first used: evaluating execa's modules cost every start ~5 ms of CPU.
  const { execa } = await import('execa');
  const runId = newRunId();
  const group = process.platform !== 'win32';
  const child = execa(command, args, {
    env: { ...env, [RUN_ID_ENV]: runId },
    extendEnv: false,
    reject: false,
    timeout: PROBE_TIMEOUT_MS,
    maxBuffer: PROBE_MAX_BYTES,
    windowsHide: true,
    stdin: 'ignore',
    detached: group,
    ...(windowsVerbatimArguments ? { windowsVerbatimArguments } : {}),
  });
  const untrack = guard.track(runId, child.pid);
  // A descendant still holding the output pipes would keep the probe waiting after the CLI itself has exited.
  if (group) child.nodeChildProcess.once('exit', () => child.pid !== undefined && killGroup(child.pid));
  try {
    const result = await child;
    return `${String(result.stdout)}\n${String(result.stderr)}`;
  } finally {
    // Whatever the probe started (it timed out, or printed past the bound) goes with it.
    if (group && child.pid !== undefined) killGroup(child.pid);
    untrack();
  }
}

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Already gone: the usual case.
  }
}

/** A probe with its own cache, keyed by path, size and modification time of the CLI file. */
export function createCapabilityProbe(guard: RunGuard = defaultRunGuard()): CapabilityProbe {
  const cache = new Map<string, Promise<CliCapabilities>>();
  return async (cli, env) => {
    const s = await stat(cli.path).catch(() => null);
    const key = `${cli.path}\u0000${s?.size ?? -1}\u0000${s?.mtimeMs ?? -1}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = Promise.all([printed(cli, '--help', env, guard), printed(cli, '--version', env, guard)]).then(
        ([help, version]) => parseCliCapabilities(help, version),
      );
      // A failed probe (the CLI could not start) is not remembered: the next call asks again.
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
    }
    return hit;
  };
}
