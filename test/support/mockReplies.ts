// Wire formats of Messages API replies: SSE event sequences, JSON messages, error bodies.

export type ReplyBlock =
  { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

export interface ReplyMessage {
  id: string;
  model: string;
  blocks: ReplyBlock[];
  stopReason: string;
  /** A field a proxy adds (`metadata.echo` of message_start). */
  echo?: string;
  /** Text blocks streamed in fragments of at most this many characters rather than in three pieces. */
  fragmentChars?: number;
}

// Mock usage numbers, the same as in the recorded fixtures.
const START_USAGE = {
  input_tokens: 100,
  output_tokens: 1,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};
const FINAL_OUTPUT_TOKENS = 42;

/** Splits `text` into `count` nearly equal, non-empty pieces (fewer if it is shorter). */
export function splitFragments(text: string, count: number): string[] {
  if (text.length === 0) return [];
  const size = Math.ceil(text.length / Math.max(1, count));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

/**
 * The events of one streamed message. Tool input arrives as an empty `input_json_delta` and then
 * several fragments, as the real API sends it, so partial-message consumers see a growing object.
 */
export function sseEventsFor(message: ReplyMessage): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [
    {
      type: 'message_start',
      message: {
        id: message.id,
        type: 'message',
        role: 'assistant',
        model: message.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: START_USAGE,
        ...(message.echo === undefined ? {} : { metadata: { echo: message.echo } }),
      },
    },
  ];
  message.blocks.forEach((block, index) => {
    if (block.type === 'text') {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      const count = message.fragmentChars ? Math.ceil(block.text.length / message.fragmentChars) : 3;
      for (const piece of splitFragments(block.text, count)) {
        events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
      }
    } else {
      events.push({
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      const fragments = ['', ...splitFragments(JSON.stringify(block.input), 4)];
      for (const partial of fragments) {
        events.push({
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: partial },
        });
      }
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push({
    type: 'message_delta',
    delta: { stop_reason: message.stopReason, stop_sequence: null },
    usage: { output_tokens: FINAL_OUTPUT_TOKENS },
  });
  events.push({ type: 'message_stop' });
  return events;
}

/** The same message as one non-streaming JSON answer. */
export function assistantMessageJson(message: ReplyMessage): Record<string, unknown> {
  return {
    id: message.id,
    type: 'message',
    role: 'assistant',
    model: message.model,
    content: message.blocks,
    stop_reason: message.stopReason,
    stop_sequence: null,
    usage: { ...START_USAGE, output_tokens: FINAL_OUTPUT_TOKENS },
  };
}

export function errorTypeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 529:
      return 'overloaded_error';
    default:
      return 'api_error';
  }
}

export function errorBody(type: string, message: string, requestId: string): Record<string, unknown> {
  return { type: 'error', error: { type, message }, request_id: requestId };
}
