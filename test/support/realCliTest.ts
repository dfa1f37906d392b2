// Vitest's side of the real-CLI setup: a world closed when the test ends, and test timeouts that are only a
// backstop for a hang, since every wait on the CLI is bounded by progress (stallGuard.ts), not by total time.
import { onTestFinished, vi } from 'vitest';
import { startRealCliWorld, type RealCliWorld, type RealCliWorldOptions } from './realCliWorld';

/** A test may run many CLI calls one after another on a slow machine; only a hang should reach this. */
export const REAL_CLI_BACKSTOP_MS = 20 * 60_000;

/** Call at the top of a real-CLI test file. */
export function useRealCliTimeouts(): void {
  vi.setConfig({ testTimeout: REAL_CLI_BACKSTOP_MS, hookTimeout: REAL_CLI_BACKSTOP_MS });
}

/** A world for the running test, closed when it ends. */
export async function realCliWorld(options: RealCliWorldOptions = {}): Promise<RealCliWorld> {
  const world = await startRealCliWorld(options);
  onTestFinished(() => world.close());
  return world;
}
