import { expect } from 'vitest';

/** The `meta` of one CLI call: the version is known, cost, turns, duration and session vary per run. */
export function anyRunMeta(cliVersion: string) {
  return {
    cliVersion,
    costUsd: expect.any(Number),
    turns: expect.any(Number),
    durationMs: expect.any(Number),
    sessionId: expect.any(String),
  };
}
