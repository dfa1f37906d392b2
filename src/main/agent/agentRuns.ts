/**
 * The agent runs in progress (`puffin implement`), so the root's cancelAll stops them as it stops generations: a
 * Ctrl-C, a kill or a closed terminal of the headless face, or the app quitting, leaves no coding agent running.
 */
export class AgentRuns {
  private readonly running = new Set<AbortController>();

  /** A signal aborted by `outer` or by cancelAll; call `done` when the run ends. */
  start(outer?: AbortSignal): { signal: AbortSignal; done: () => void } {
    const controller = new AbortController();
    const abort = () => controller.abort(outer?.reason);
    if (outer?.aborted) abort();
    outer?.addEventListener('abort', abort, { once: true });
    this.running.add(controller);
    return {
      signal: controller.signal,
      done: () => {
        outer?.removeEventListener('abort', abort);
        this.running.delete(controller);
      },
    };
  }

  cancelAll(): void {
    for (const c of this.running) c.abort('cancelled');
  }
}
