/**
 * Reads a Gemini streamGenerateContent stream (`GenerateContentResponse`s over SSE): the answer is the first
 * candidate's text parts (native responseSchema mode; `thought` parts are not the answer) or its forced
 * `functionCall`'s args (tool mode; sent whole, so they replace rather than append). `finishReason` MAX_TOKENS is a
 * cut-off answer; SAFETY and the other blocking reasons, or a blocked prompt, are the model declining. Usage is the
 * latest `usageMetadata` (thinking tokens count as output: they are billed so).
 */
import type { GenerateContentResponse } from '@google/genai';
import type { AnswerEnding, StreamReader } from '../streamedAnswer';

const BLOCKED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

export function geminiStreamReader(mode: 'native' | 'tool'): StreamReader<GenerateContentResponse> {
  let text = '';
  let finishReason: string | undefined;
  let blockedPrompt: string | undefined;
  let tokensIn: number | null = null;
  let tokensOut: number | null = null;
  return {
    push(chunk) {
      const usage = chunk.usageMetadata;
      if (usage) {
        tokensIn = usage.promptTokenCount ?? tokensIn;
        if (usage.candidatesTokenCount !== undefined || usage.thoughtsTokenCount !== undefined) {
          tokensOut = (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0);
        }
      }
      if (chunk.promptFeedback?.blockReason) blockedPrompt = String(chunk.promptFeedback.blockReason);
      const candidate = chunk.candidates?.[0];
      if (candidate?.finishReason) finishReason = String(candidate.finishReason);
      let added = '';
      for (const part of candidate?.content?.parts ?? []) {
        if (part.thought) continue;
        if (mode === 'native' && typeof part.text === 'string') added += part.text;
        if (mode === 'tool' && part.functionCall) {
          text = '';
          added = JSON.stringify(part.functionCall.args ?? {});
        }
      }
      text += added;
      return added;
    },
    finish() {
      const blocked = blockedPrompt ?? (finishReason && BLOCKED.has(finishReason) ? finishReason : undefined);
      const ending: AnswerEnding = blocked
        ? 'refused'
        : finishReason === 'MAX_TOKENS'
          ? 'truncated'
          : finishReason === undefined
            ? 'incomplete'
            : 'complete';
      return { text, ending, ...(blocked ? { refusal: `blocked (${blocked})` } : {}), tokensIn, tokensOut };
    },
  };
}
