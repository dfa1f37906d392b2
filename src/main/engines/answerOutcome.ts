/**
 * The end of one API provider attempt, the same for every provider: a streamed (or whole) answer becomes the
 * provider's answer — its JSON text parsed, nothing validated yet — or a typed failure: `truncated` at the token
 * limit (never a shorter object), `refused`, `no_result` for a stream that stopped without an ending, and
 * `no_structured_output` for text that is not JSON (retried once by sendPrompt's budget).
 */
import { PromptError } from '../llm/errors';
import { costFromUsage } from './cost';
import type { EngineMeta, ProviderAnswer } from './provider';
import type { StreamedAnswer } from './streamedAnswer';

export interface AnswerContext {
  meta: Omit<EngineMeta, 'costUsd' | 'tokensIn' | 'tokensOut'>;
  /** `tool_use` when the answer was a forced tool's input. */
  source: ProviderAnswer['source'];
}

export function answerOutcome(answer: StreamedAnswer, ctx: AnswerContext): ProviderAnswer {
  const { meta } = ctx;
  const tokens = { tokensIn: answer.tokensIn, tokensOut: answer.tokensOut };
  const costUsd = costFromUsage(meta.provider, meta.model, answer.tokensIn, answer.tokensOut);
  // A failed call was paid for too: its cost and tokens travel with the error.
  const diagnostics = {
    provider: meta.provider,
    ...(meta.model ? { model: meta.model } : {}),
    ...(costUsd !== null ? { costUsd } : {}),
    durationMs: meta.durationMs,
  };
  const who = `${meta.provider}${meta.model ? ` ${meta.model}` : ''}`;
  if (answer.ending === 'truncated')
    throw new PromptError('truncated', {
      detail: `${who} stopped at its output token limit after ${answer.tokensOut ?? '?'} tokens`,
      diagnostics,
    });
  if (answer.ending === 'refused')
    throw new PromptError('refused', {
      detail: `${who}${answer.refusal ? `: ${answer.refusal.slice(0, 300)}` : ''}`,
      diagnostics,
    });
  if (answer.ending === 'incomplete')
    throw new PromptError('no_result', {
      detail: `${who}: the stream ended before the answer did`,
      diagnostics,
    });
  let data: unknown;
  try {
    data = JSON.parse(answer.text);
  } catch {
    throw new PromptError('no_structured_output', {
      detail: `${who} answered with text that is not JSON: ${answer.text.slice(0, 200)}`,
      diagnostics,
    });
  }
  return {
    data,
    source: ctx.source,
    warnings: [],
    meta: { ...meta, ...tokens, costUsd },
    diagnostics,
  };
}
