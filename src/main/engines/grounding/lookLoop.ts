/**
 * The bounded look-around of a grounded API call, before its answer: the model is offered the project tools
 * (projectTools.ts) and may call them for at most MAX_LOOK_TURNS turns; each call runs through the policy and is
 * recorded. When the model stops calling tools (or the turns run out), the answer request follows, with the
 * conversation so far and no project tool offered, so the call always ends in the schema answer, the provider's
 * native or tool way, and sendPrompt validates it as for any call. The wire shape of a turn is the provider's
 * (a LookAdapter per engine); the loop, the tools and the record are the same for all.
 */
import { PromptError } from '../../llm/errors';
import type { AttemptContext } from '../provider';
import type { ProjectTools } from './projectTools';

/** Looking costs turns: as many as the CLI gets on top of a workflow's own (GROUNDED_EXTRA_TURNS). */
export const MAX_LOOK_TURNS = 12;

/** Said to the model with the project tools: look now, answer in the next message. */
export const LOOK_INSTRUCTION =
  'First look up in the project what the answer needs, with the Read, Glob and Grep tools (a few targeted calls). ' +
  'When you have seen enough, reply with the single word "done": the answer itself is asked for next.';

/** Said after the look, before the answer request. */
export const ANSWER_NOW = 'Now give the answer, using what you read.';

export interface ToolCallRequest {
  /** The provider's id of the call (tool_use id, tool_call id; Gemini has none: its name). */
  id: string;
  name: string;
  input: unknown;
}

export interface LookTurn {
  calls: ToolCallRequest[];
  tokensIn: number | null;
  tokensOut: number | null;
  /** The response as one raw line for the activity log (no key in it). */
  raw: string;
}

/** A turn from the engine's response: its calls, its usage (undefined: not said) and the response as a raw line. */
export function lookTurn(
  calls: ToolCallRequest[],
  tokensIn: number | null | undefined,
  tokensOut: number | null | undefined,
  response: unknown,
): LookTurn {
  return { calls, tokensIn: tokensIn ?? null, tokensOut: tokensOut ?? null, raw: JSON.stringify(response) };
}

/** One engine's wire shape of a look turn; it keeps the conversation. */
export interface LookAdapter {
  /** One non-streamed request with the conversation so far and the project tools offered. */
  turn(signal: AbortSignal): Promise<LookTurn>;
  /** Adds the results of the turn's calls to the conversation. */
  addResults(results: { call: ToolCallRequest; content: string; isError: boolean }[]): void;
  /** The engine's error as a typed PromptError (aborted: cancelled or out of time). */
  failure(error: unknown, aborted: boolean): PromptError;
}

export interface LookResult {
  turns: number;
  tokensIn: number | null;
  tokensOut: number | null;
  /** The model was still calling tools when the turns ran out. */
  exhausted: boolean;
}

const add = (a: number | null, b: number | null): number | null =>
  a === null && b === null ? null : (a ?? 0) + (b ?? 0);

export async function lookAround(
  adapter: LookAdapter,
  tools: ProjectTools,
  ctx: Pick<AttemptContext, 'signal' | 'timeoutMs' | 'emit'> & Partial<Pick<AttemptContext, 'lease'>>,
  maxTurns = MAX_LOOK_TURNS,
): Promise<LookResult> {
  const controller = new AbortController();
  const onCancel = () => controller.abort(new PromptError('cancelled'));
  if (ctx.signal?.aborted) onCancel();
  ctx.signal?.addEventListener('abort', onCancel, { once: true });
  // The gate's killAll (quit, cancel all) stops a look as it stops an answer.
  const offKill = ctx.lease?.onKill(onCancel);
  const timer = setTimeout(
    () => controller.abort(new PromptError('timeout', { detail: 'while the model looked in the project' })),
    ctx.timeoutMs,
  );
  const result: LookResult = { turns: 0, tokensIn: null, tokensOut: null, exhausted: false };
  try {
    while (result.turns < maxTurns) {
      ctx.emit({ type: 'turn', id: `look-${result.turns + 1}` });
      let turn: LookTurn;
      try {
        turn = await adapter.turn(controller.signal);
      } catch (error) {
        if (controller.signal.reason instanceof PromptError) throw controller.signal.reason;
        throw adapter.failure(error, controller.signal.aborted);
      }
      result.turns++;
      result.tokensIn = add(result.tokensIn, turn.tokensIn);
      result.tokensOut = add(result.tokensOut, turn.tokensOut);
      ctx.emit({ type: 'raw', line: turn.raw });
      if (turn.calls.length === 0) return result;
      tools.countTurn();
      const results = [];
      for (const call of turn.calls) {
        const input =
          call.input && typeof call.input === 'object' ? (call.input as Record<string, unknown>) : {};
        const target = [input.file_path, input.path, input.pattern].find((v) => typeof v === 'string');
        ctx.emit({ type: 'tool', name: call.name, ...(typeof target === 'string' ? { target } : {}) });
        results.push({ call, ...(await tools.execute(call.name, call.input)) });
      }
      if (controller.signal.aborted) throw controller.signal.reason as PromptError;
      adapter.addResults(results);
    }
    result.exhausted = true;
    return result;
  } finally {
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onCancel);
    offKill?.();
  }
}
