/**
 * Reads an Anthropic Messages API answer, streamed (`message_start`, `content_block_start/delta/stop`,
 * `message_delta`, `message_stop`) or whole: in native mode the answer is the text blocks' JSON (`text_delta`), in
 * tool mode the forced tool's input (`input_json_delta`). `stop_reason` `max_tokens` (or the context window) is a
 * cut-off answer, `refusal` the model declining; the tokens come from `message_start` and `message_delta` usage.
 */
import type { Message, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { AnswerEnding, StreamedAnswer, StreamReader } from '../streamedAnswer';

export interface AnthropicReader extends StreamReader<RawMessageStreamEvent> {
  /** The content block the last pushed fragment belongs to (a new one starts the preview over). */
  block(): number;
  /** The model that answered, as the API named it. */
  model(): string | null;
}

function ending(stopReason: string | null): AnswerEnding {
  if (stopReason === 'max_tokens' || stopReason === 'model_context_window_exceeded') return 'truncated';
  if (stopReason === 'refusal') return 'refused';
  return stopReason === null ? 'incomplete' : 'complete';
}

export function anthropicStreamReader(mode: 'native' | 'tool', toolName: string): AnthropicReader {
  let text = '';
  let stopReason: string | null = null;
  let refusal: string | undefined;
  let tokensIn: number | null = null;
  let tokensOut: number | null = null;
  let model: string | null = null;
  /** The content block that carries the answer (the first text block, or the forced tool's block). */
  let answerBlock: number | undefined;
  return {
    push(event) {
      switch (event.type) {
        case 'message_start':
          model = event.message.model ?? null;
          tokensIn = event.message.usage?.input_tokens ?? null;
          tokensOut = event.message.usage?.output_tokens ?? null;
          return '';
        case 'content_block_start': {
          const b = event.content_block;
          const ours = mode === 'native' ? b.type === 'text' : b.type === 'tool_use' && b.name === toolName;
          if (ours && answerBlock === undefined) answerBlock = event.index;
          return '';
        }
        case 'content_block_delta': {
          if (event.index !== answerBlock) return '';
          const d = event.delta;
          const added =
            mode === 'native' && d.type === 'text_delta'
              ? d.text
              : mode === 'tool' && d.type === 'input_json_delta'
                ? d.partial_json
                : '';
          text += added;
          return added;
        }
        case 'message_delta':
          stopReason = event.delta.stop_reason ?? stopReason;
          refusal = event.delta.stop_details?.explanation ?? refusal;
          if (typeof event.usage?.output_tokens === 'number') tokensOut = event.usage.output_tokens;
          if (typeof event.usage?.input_tokens === 'number') tokensIn = event.usage.input_tokens;
          return '';
        default:
          return '';
      }
    },
    finish(): StreamedAnswer {
      return { text, ending: ending(stopReason), ...(refusal ? { refusal } : {}), tokensIn, tokensOut };
    },
    block: () => answerBlock ?? 0,
    model: () => model,
  };
}

/** A whole (non-streamed) message, read as the stream reader would have read it. */
export function anthropicMessageAnswer(
  message: Message,
  mode: 'native' | 'tool',
  toolName: string,
): StreamedAnswer {
  const block =
    mode === 'native'
      ? message.content.find((b) => b.type === 'text')
      : message.content.find((b) => b.type === 'tool_use' && b.name === toolName);
  const text =
    block?.type === 'text' ? block.text : block?.type === 'tool_use' ? JSON.stringify(block.input) : '';
  const refusal = message.stop_details?.explanation ?? undefined;
  return {
    text,
    ending: ending(message.stop_reason),
    ...(refusal ? { refusal } : {}),
    tokensIn: message.usage?.input_tokens ?? null,
    tokensOut: message.usage?.output_tokens ?? null,
  };
}
