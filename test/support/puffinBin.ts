// Runs the headless CLI as users do (`node bin/puffin.cjs …`, what `npx puffin` runs), bounded by progress: the
// world's mock requests when a real CLI runs behind it, and puffin's own output.
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { RealCliWorld } from './realCliWorld';
import { childUntilStalled } from './stallGuard';

export const PUFFIN_BIN = fileURLToPath(new URL('../../bin/puffin.cjs', import.meta.url));

export interface PuffinRun {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
}

export interface PuffinRunOptions {
  /** The complete environment (nothing of process.env is merged). */
  env: Record<string, string>;
  input?: string;
  /** The world whose CLI and mock puffin uses: its progress keeps the wait alive. */
  world?: RealCliWorld;
  /** The node to run it with (default this one, by its path). */
  node?: string;
  cwd?: string;
}

export async function runPuffin(args: string[], options: PuffinRunOptions): Promise<PuffinRun> {
  const child = execa(options.node ?? process.execPath, [PUFFIN_BIN, ...args], {
    input: options.input ?? '',
    env: options.env,
    extendEnv: false,
    reject: false,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const what = `puffin ${args.join(' ')}`;
  const result = await childUntilStalled(child, options.world?.progress ?? (() => 0), what);
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}
