/**
 * A grounded API call's attempt, the same for every engine with tool calling: the look (lookLoop.ts, once per call:
 * a retried answer reuses what was read), then the engine's own answer attempt with the conversation, then one
 * answer whose meta and record cover both: tokens and cost of every turn, the turns, what was read.
 */
import { EMPTY_GROUNDING } from '../../../shared/grounding';
import { PromptError } from '../../llm/errors';
import { costFromUsage } from '../cost';
import type { AttemptContext, ProviderAnswer, ProviderName } from '../provider';
import { lookAround, type LookAdapter, type LookResult } from './lookLoop';
import type { ProjectTools } from './projectTools';

export interface GroundedAttemptParts {
  provider: ProviderName;
  model: string;
  tools: ProjectTools;
  adapter: LookAdapter;
  /** The engine's answer attempt, given the time left after the look. */
  answer(ctx: AttemptContext): Promise<ProviderAnswer>;
  maxTurns?: number;
  /**
   * The answer from the repo map instead of the tools, for a server that refuses tools (a local model without
   * tool calling behind an OpenAI-compatible server answers 400 to the first look).
   */
  withoutTools?(ctx: AttemptContext): Promise<ProviderAnswer>;
}

/** A 400 whose words are about tools: this model or server has no tool calling. */
export function refusesTools(error: unknown): boolean {
  return (
    error instanceof PromptError &&
    error.code === 'api_error' &&
    error.diagnostics?.httpStatus === 400 &&
    /\btools?\b|function.?call/i.test(error.message)
  );
}

/** An attempt function that looks first (once per call), then answers. */
export function groundedAttempt(
  parts: GroundedAttemptParts,
): (ctx: AttemptContext) => Promise<ProviderAnswer> {
  let looked: LookResult | undefined;
  let mapOnly = false;
  return async (ctx) => {
    const started = Date.now();
    const left = () => Math.max(1, ctx.timeoutMs - (Date.now() - started));
    if (!looked && !mapOnly) {
      try {
        looked = await lookAround(parts.adapter, parts.tools, ctx, parts.maxTurns);
      } catch (error) {
        if (!parts.withoutTools || !refusesTools(error)) throw error;
        mapOnly = true;
      }
    }
    if (mapOnly && parts.withoutTools) {
      const answer = await parts.withoutTools({ ...ctx, timeoutMs: left() });
      const why = `${parts.model} cannot call tools on this server: it answered from the project map.`;
      return { ...answer, grounding: { ...EMPTY_GROUNDING }, warnings: [...answer.warnings, why] };
    }
    if (!looked) throw new PromptError('api_error', { detail: 'the look did not run' });
    const answer = await parts.answer({ ...ctx, timeoutMs: left() });
    return withLook(answer, looked, parts);
  };
}

const sum = (a: number | null, b: number | null): number | null =>
  a === null && b === null ? null : (a ?? 0) + (b ?? 0);

function withLook(
  answer: ProviderAnswer,
  look: LookResult,
  parts: Pick<GroundedAttemptParts, 'provider' | 'model' | 'tools'>,
): ProviderAnswer {
  const tokensIn = sum(answer.meta.tokensIn, look.tokensIn);
  const tokensOut = sum(answer.meta.tokensOut, look.tokensOut);
  const model = answer.meta.model ?? parts.model;
  return {
    ...answer,
    meta: {
      ...answer.meta,
      tokensIn,
      tokensOut,
      costUsd: costFromUsage(parts.provider, model, tokensIn, tokensOut),
      turns: look.turns + (answer.meta.turns ?? 1),
    },
    grounding: parts.tools.record(),
    warnings: look.exhausted
      ? [
          ...answer.warnings,
          `The model was still looking in the project after ${look.turns} turns; it answered with what it had read.`,
        ]
      : answer.warnings,
  };
}
