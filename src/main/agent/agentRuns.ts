/**
 * The agent runs in progress (`puffin implement`), so the root's cancelAll stops them as it stops generations: a
 * Ctrl-C, a kill or a closed terminal of the headless face, or the app quitting, leaves no coding agent running.
 */
export class AgentRuns {
  private readonly running = new Map<AbortController, string>();

  /** A signal aborted by `outer`, by cancel(key) or by cancelAll; call `done` when the run ends. */
  start(key: string, outer?: AbortSignal): { signal: AbortSignal; done: () => void } {
    const controller = new AbortController();
    const abort = () => controller.abort(outer?.reason);
    if (outer?.aborted) abort();
    outer?.addEventListener('abort', abort, { once: true });
    this.running.set(controller, key);
    return {
      signal: controller.signal,
      done: () => {
        outer?.removeEventListener('abort', abort);
        this.running.delete(controller);
      },
    };
  }

  /** Stops the runs started with `key` (a story's id); whether there was one. */
  cancel(key: string): boolean {
    let found = false;
    for (const [c, k] of this.running)
      if (k === key) {
        c.abort('cancelled');
        found = true;
      }
    return found;
  }

  cancelAll(): void {
    for (const c of this.running.keys()) c.abort('cancelled');
  }
}
