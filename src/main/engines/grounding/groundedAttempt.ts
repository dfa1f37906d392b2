/**
 * A grounded API call's attempt, the same for every engine with tool calling: the look (lookLoop.ts, once per call:
 * a retried answer reuses what was read), then the engine's own answer attempt with the conversation, then one
 * answer whose meta and record cover both: tokens and cost of every turn, the turns, what was read.
 */
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
}

/** An attempt function that looks first (once per call), then answers. */
export function groundedAttempt(
  parts: GroundedAttemptParts,
): (ctx: AttemptContext) => Promise<ProviderAnswer> {
  let looked: LookResult | undefined;
  return async (ctx) => {
    const started = Date.now();
    if (!looked) looked = await lookAround(parts.adapter, parts.tools, ctx, parts.maxTurns);
    const left = Math.max(1, ctx.timeoutMs - (Date.now() - started));
    const answer = await parts.answer({ ...ctx, timeoutMs: left });
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
