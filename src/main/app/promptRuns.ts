/**
 * The one-off CLI calls made outside a generation or a plan step (`prompt:run`, `title:generate`): each gets
 * an abort signal that `cancelAll` fires, so Ctrl-C in the headless CLI or quitting the app stops them too.
 */
import type { PromptRunMeta, PromptRunResult } from '../../shared/ipc/promptChannels';
import type { SendPrompt, SendPromptRequest, SendPromptResult } from '../llm/promptTypes';

export interface PromptRuns {
  /** Runs `call` with a signal that cancelAll aborts. */
  track<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** sendPrompt for a caller's own schema, with the one-object result. */
  run(req: Omit<SendPromptRequest, 'signal'>): Promise<PromptRunResult>;
  cancelAll(): void;
}

/** The `meta` of a result (no model: the caller asked for it). */
export function runMeta(meta: SendPromptResult['meta']): PromptRunMeta {
  const { cliVersion, costUsd, turns, durationMs, sessionId } = meta;
  return { cliVersion, costUsd, turns, durationMs, sessionId };
}

/** Other engines: a call that named its provider says which one answered, the model and the mode. */
function engineMeta(meta: SendPromptResult['meta']): Pick<PromptRunMeta, 'provider' | 'model' | 'mode'> {
  return {
    ...(meta.provider ? { provider: meta.provider } : {}),
    model: meta.model,
    mode: meta.mode ?? null,
  };
}

export function createPromptRuns(sendPrompt: SendPrompt): PromptRuns {
  const running = new Set<AbortController>();
  // Set by cancelAll (quit, Ctrl-C), for good: a call that starts later (its prompt was still being built when
  // the signal came) gets an aborted signal instead of running, and billing, after all.
  let closing = false;
  const track = async <T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const controller = new AbortController();
    if (closing) controller.abort();
    running.add(controller);
    try {
      return await call(controller.signal);
    } finally {
      running.delete(controller);
    }
  };
  return {
    track,
    run: (req) =>
      track(async (signal) => {
        const r = await sendPrompt({ ...req, signal });
        const meta = {
          ...runMeta(r.meta),
          ...(req.provider ? engineMeta(r.meta) : {}),
          ...(r.grounding ? { read: r.grounding.filesRead } : {}),
        };
        return { data: r.data, source: r.source, warnings: r.warnings, meta };
      }),
    cancelAll() {
      closing = true;
      for (const c of running) c.abort();
    },
  };
}
