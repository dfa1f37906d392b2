/**
 * The signals that mean "stop now" for every Puffin entry (headless commands, browser host): Ctrl-C (SIGINT),
 * a polite kill (SIGTERM), and a closed terminal (SIGHUP). SIGHUP's default action ends the process at once,
 * leaving the CLI it runs (its own process group) running and billing, and breaking the headless one-JSON-object
 * promise; handled, it ends the run like the others do.
 */
export const SHUTDOWN_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The slice of `process` this needs (injectable for tests). */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}

/**
 * Calls `handler` on each shutdown signal until the returned function is called. After a SIGHUP the terminal may
 * be gone: writing to it then fails (EIO/EPIPE), and an unhandled stream error would end the process before the
 * run is cleaned up, so those errors are swallowed from then on.
 */
export function onShutdownSignal(
  handler: (signal: NodeJS.Signals) => void,
  source: SignalSource = process,
): () => void {
  const listener = (signal: NodeJS.Signals) => {
    if (signal === 'SIGHUP' && source === process) {
      for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
    }
    handler(signal);
  };
  for (const s of SHUTDOWN_SIGNALS) source.on(s, listener);
  return () => {
    for (const s of SHUTDOWN_SIGNALS) source.off(s, listener);
  };
}
