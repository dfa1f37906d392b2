// What one row of the matrix came to, whatever the face.

/** The environment variable carrying a row's (or a host's) marker into everything Puffin starts. */
export const CHAOS_TAG = 'PUFFIN_CHAOS_TAG';

export interface RowResult {
  /** 'ok', a typed error code, or what happened to Puffin ('killed', 'host_stopped'). */
  outcome: string;
  /** From the request to the answer (or to Puffin's exit). */
  ms: number;
  /** Processes of the row still alive after the bound (found by the marker). */
  survivors: number[];
  /** The PUFFIN_RUN_ID markers of the CLI runs the row made (fake CLI rows). */
  runIds: string[];
  /** API calls the mock answered for the row (real CLI rows). */
  apiCalls?: number;
  /** What to look at when the row did not hold (stderr tail, the error message). */
  evidence?: string;
}

/** Polls `condition` until it holds; throws after `withinMs` (a row whose CLI never starts is a failure). */
export async function waitUntil(condition: () => boolean, withinMs: number): Promise<void> {
  const until = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() >= until) throw new Error(`not started within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
