/**
 * Reads an OpenAI-compatible Chat Completions stream (`chat.completion.chunk`s): the answer is the first choice's
 * content deltas (native json_schema mode) or its first tool call's argument deltas (tool mode); `refusal` deltas
 * are the model declining; `finish_reason` "length" is a cut-off answer and "content_filter" a blocked one; the
 * usage-only chunk (stream_options.include_usage) gives the tokens.
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { AnswerEnding, StreamReader } from '../streamedAnswer';

export function openAiStreamReader(mode: 'native' | 'tool'): StreamReader<ChatCompletionChunk> {
  let text = '';
  let refusal = '';
  let finishReason: string | null = null;
  let tokensIn: number | null = null;
  let tokensOut: number | null = null;
  return {
    push(chunk) {
      if (chunk.usage) {
        tokensIn = chunk.usage.prompt_tokens ?? null;
        tokensOut = chunk.usage.completion_tokens ?? null;
      }
      const choice = chunk.choices?.find((c) => c.index === 0);
      if (!choice) return '';
      if (choice.finish_reason) finishReason = choice.finish_reason;
      const delta = choice.delta ?? {};
      if (delta.refusal) refusal += delta.refusal;
      let added = '';
      if (mode === 'native') added = delta.content ?? '';
      else
        for (const call of delta.tool_calls ?? [])
          if (call.index === 0) added += call.function?.arguments ?? '';
      text += added;
      return added;
    },
    finish() {
      const ending: AnswerEnding = refusal
        ? 'refused'
        : finishReason === 'length'
          ? 'truncated'
          : finishReason === 'content_filter'
            ? 'refused'
            : finishReason === null
              ? 'incomplete'
              : 'complete';
      const said = refusal || (finishReason === 'content_filter' ? 'blocked by the content filter' : '');
      return { text, ending, ...(said ? { refusal: said } : {}), tokensIn, tokensOut };
    },
  };
}
