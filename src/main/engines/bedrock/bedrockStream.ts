/**
 * Reads a Bedrock ConverseStream (`ConverseStreamOutput` events): the answer is the text deltas (native
 * `outputConfig.textFormat` mode; reasoning deltas are not the answer) or the forced tool's input deltas (tool
 * mode). `messageStop.stopReason` says how the model ended: `max_tokens` (or the context window) is a cut-off answer,
 * `content_filtered` and `guardrail_intervened` the answer blocked, `malformed_model_output` and
 * `malformed_tool_use` an answer Bedrock itself could not read (no answer: retried as no structured output).
 * Usage comes in the closing `metadata` event.
 */
import type { ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import type { AnswerEnding, StreamReader } from '../streamedAnswer';

const CUT_OFF = new Set(['max_tokens', 'model_context_window_exceeded']);
const BLOCKED = new Set(['content_filtered', 'guardrail_intervened']);
const MALFORMED = new Set(['malformed_model_output', 'malformed_tool_use']);

export function bedrockStreamReader(mode: 'native' | 'tool'): StreamReader<ConverseStreamOutput> {
  let text = '';
  let stopReason: string | undefined;
  let tokensIn: number | null = null;
  let tokensOut: number | null = null;
  // The content block that holds the answer: the first text block, or the first tool call.
  let answerBlock: number | undefined;
  return {
    push(event) {
      if (event.metadata?.usage) {
        tokensIn = event.metadata.usage.inputTokens ?? tokensIn;
        tokensOut = event.metadata.usage.outputTokens ?? tokensOut;
      }
      if (event.messageStop) stopReason = String(event.messageStop.stopReason ?? '');
      const start = event.contentBlockStart;
      if (start?.start?.toolUse && mode === 'tool' && answerBlock === undefined)
        answerBlock = start.contentBlockIndex ?? 0;
      const delta = event.contentBlockDelta;
      if (!delta?.delta) return '';
      const index = delta.contentBlockIndex ?? 0;
      const added = mode === 'native' ? (delta.delta.text ?? '') : (delta.delta.toolUse?.input ?? '');
      if (!added) return '';
      answerBlock ??= index;
      if (index !== answerBlock) return '';
      text += added;
      return added;
    },
    finish() {
      const blocked = stopReason !== undefined && BLOCKED.has(stopReason);
      const ending: AnswerEnding = blocked
        ? 'refused'
        : stopReason === undefined
          ? 'incomplete'
          : CUT_OFF.has(stopReason)
            ? 'truncated'
            : 'complete';
      // Bedrock said the output was malformed: not an answer, whatever text came.
      const answer = stopReason !== undefined && MALFORMED.has(stopReason) ? '' : text;
      return {
        text: answer,
        ending,
        ...(blocked ? { refusal: `blocked (${stopReason})` } : {}),
        tokensIn,
        tokensOut,
      };
    },
  };
}
