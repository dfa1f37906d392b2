// Runs matrix rows with bounded concurrency and judges each: the expected typed outcome, within its bound, with
// nothing left running. Hosts are shared where rows can share one, and stopped (and checked) at the end.
import { cliEnv, makeTempHome, notLoggedInEnv } from '../../support/realCli';
import { fakeClaudePath } from '../../support/fakeCli';
import type { Row } from '../faults';
import { startChaosMock, type ChaosMock } from './chaosMock';
import { runHeadless } from './headlessFace';
import { runOnHost, startHostProcess, type HostProcess } from './hostFace';
import type { RowResult } from './rowResult';
import { rowCli } from './setup';

/**
 * Starting Puffin (node + tsx) and the CLI, on top of what the fault waits for. Generous on purpose: a headless
 * row takes 10-25 s on a 2-core machine at load 15-20 (2 s of CPU), and the bound is there to catch what the fault injection
 * found (timeouts of 300-807 s), not to time a quiet machine.
 */
export const STARTUP_MS = 60_000;

export interface JudgedRow extends RowResult {
  row: Row;
  withinMs: number;
  held: boolean;
}

export function boundOf(row: Row): number {
  return STARTUP_MS + row.fault.faultMs;
}

function judge(row: Row, result: RowResult): JudgedRow {
  const withinMs = boundOf(row);
  const held = result.outcome === row.expect && result.ms <= withinMs && result.survivors.length === 0;
  return { ...result, row, withinMs, held };
}

/** Runs `tasks` with at most `limit` at once, keeping their order in the results. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

interface Shared {
  mock?: ChaosMock;
  fakeHost?: Promise<HostProcess>;
  realHost?: Promise<HostProcess>;
  realEnv?: NodeJS.ProcessEnv;
}

function realEnvs(shared: Shared): { loggedIn: NodeJS.ProcessEnv; loggedOut: NodeJS.ProcessEnv } {
  const home = makeTempHome('puffin-chaos-home-');
  const base = { PATH: process.env.PATH ?? '' };
  return {
    loggedIn: { ...cliEnv(shared.mock!.api.url, home.dir), ...base },
    loggedOut: { ...notLoggedInEnv(home.dir, shared.mock!.api.url), ...base },
  };
}

async function runRow(row: Row, shared: Shared): Promise<RowResult> {
  const { cli: setup, action } = row.fault;
  const cli = rowCli(setup, (d) => shared.mock?.asked(d) ?? false);
  const real = setup.kind === 'real';
  const envs = real ? realEnvs(shared) : undefined;
  const env = envs
    ? setup.kind === 'real' && setup.loggedOut
      ? envs.loggedOut
      : envs.loggedIn
    : process.env;
  let result: RowResult;
  if (row.face === 'headless') {
    result = await runHeadless(cli, env, action);
  } else {
    // A signal ends the host, another CLI path or a logged-out environment is the host's: such rows get their own.
    const own =
      (action && action !== 'cancel') || setup.kind === 'missing' || setup.kind === 'not-executable';
    const dedicated = own || (setup.kind === 'real' && setup.loggedOut);
    if (dedicated) {
      const host = await startHostProcess(env, cli.cliPath);
      result = await runOnHost(host, cli, action);
      if (!action || action === 'cancel') result.survivors.push(...(await host.stop()));
    } else {
      const host = await (real
        ? (shared.realHost ??= startHostProcess(envs!.loggedIn, cli.cliPath))
        : (shared.fakeHost ??= startHostProcess(process.env, fakeClaudePath())));
      result = await runOnHost(host, cli, action);
    }
  }
  if (cli.directive) result.apiCalls = shared.mock!.calls(cli.directive);
  return result;
}

/** Shared hosts and mock for rows run one by one (vitest) or as a whole (runMatrix). */
export class MatrixSession {
  private readonly shared: Shared = {};
  private mockStarting: Promise<ChaosMock> | undefined;

  async run(row: Row): Promise<JudgedRow> {
    if (row.fault.cli.kind === 'real') this.shared.mock ??= await (this.mockStarting ??= startChaosMock());
    return judge(row, await runRow(row, this.shared));
  }

  /** Stops the shared hosts and the mock; returns what the hosts left running. */
  async close(): Promise<number[]> {
    const left: number[] = [];
    for (const host of [this.shared.fakeHost, this.shared.realHost])
      if (host) left.push(...(await (await host).stop()));
    await this.shared.mock?.api.close();
    return left;
  }
}

export interface MatrixRun {
  rows: JudgedRow[];
  /** Processes of the shared hosts left after they were stopped. */
  hostSurvivors: number[];
  ms: number;
}

/** Runs every row; fake-CLI rows `concurrency` at a time, real-CLI rows one at a time after them. */
export async function runMatrix(rows: Row[], concurrency: number): Promise<MatrixRun> {
  const started = Date.now();
  const session = new MatrixSession();
  const task = (row: Row) => () => session.run(row);
  const fast = rows.filter((r) => r.fault.cli.kind !== 'real');
  const slow = rows.filter((r) => r.fault.cli.kind === 'real');
  const judged = [...(await pool(fast.map(task), concurrency)), ...(await pool(slow.map(task), 1))];
  return { rows: judged, hostSurvivors: await session.close(), ms: Date.now() - started };
}
