/**
 * Asks a CLI build which confinement flags it has (`--help`, `--version`), once per binary: the answer is kept
 * until the file at the CLI's path changes (an update replaces it).
 */
import { stat } from 'node:fs/promises';
import { invocation, type LocatedCli } from '../../engines/claude-cli/locateCli';
import { parseCliCapabilities, type CliCapabilities } from './capabilities';

const PROBE_TIMEOUT_MS = 20_000;

export interface CapabilityProbe {
  (cli: LocatedCli, env: NodeJS.ProcessEnv): Promise<CliCapabilities>;
}

async function printed(cli: LocatedCli, flag: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { command, args, windowsVerbatimArguments } = invocation(cli, [flag]);
  // Loaded when first used: evaluating execa's modules cost every start ~5 ms of CPU.
  const { execa } = await import('execa');
  const result = await execa(command, args, {
    env,
    extendEnv: false,
    reject: false,
    timeout: PROBE_TIMEOUT_MS,
    windowsHide: true,
    stdin: 'ignore',
    ...(windowsVerbatimArguments ? { windowsVerbatimArguments } : {}),
  });
  return `${String(result.stdout)}\n${String(result.stderr)}`;
}

/** A probe with its own cache, keyed by path, size and modification time of the CLI file. */
export function createCapabilityProbe(): CapabilityProbe {
  const cache = new Map<string, Promise<CliCapabilities>>();
  return async (cli, env) => {
    const s = await stat(cli.path).catch(() => null);
    const key = `${cli.path}\u0000${s?.size ?? -1}\u0000${s?.mtimeMs ?? -1}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = Promise.all([printed(cli, '--help', env), printed(cli, '--version', env)]).then(
        ([help, version]) => parseCliCapabilities(help, version),
      );
      // A failed probe (the CLI could not start) is not remembered: the next call asks again.
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
    }
    return hit;
  };
}
