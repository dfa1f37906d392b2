/**
 * Reads an Ollama /api/chat stream (NDJSON `ChatResponse`s): the answer is the `message.content` fragments (the
 * schema goes in `format`, so there is no tool mode); `thinking` is not the answer. The last line has `done`,
 * `done_reason` ("length" is a cut-off answer) and the counts (`prompt_eval_count` in, `eval_count` out).
 */
import type { ChatResponse } from 'ollama';
import type { StreamReader } from '../streamedAnswer';

export function ollamaStreamReader(): StreamReader<ChatResponse> {
  let text = '';
  let doneReason: string | undefined;
  let tokensIn: number | null = null;
  let tokensOut: number | null = null;
  return {
    push(chunk) {
      const added = chunk.message?.content ?? '';
      text += added;
      if (chunk.done) {
        doneReason = chunk.done_reason ?? 'stop';
        tokensIn = typeof chunk.prompt_eval_count === 'number' ? chunk.prompt_eval_count : null;
        tokensOut = typeof chunk.eval_count === 'number' ? chunk.eval_count : null;
      }
      return added;
    },
    finish() {
      const ending =
        doneReason === undefined ? 'incomplete' : doneReason === 'length' ? 'truncated' : 'complete';
      return { text, ending, tokensIn, tokensOut };
    },
  };
}
