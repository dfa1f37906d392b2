// Builders for scripted model replies, so scenarios read like what the model does.
import type { MockTurn, ScriptedToolCall } from './mockTypes';

/** The model answers in prose only. */
export function text(...parts: string[]): MockTurn {
  return { kind: 'message', text: parts };
}

/** The model calls the StructuredOutput tool (name taken from the request) with `input`. */
export function structured(input: unknown): MockTurn {
  return { kind: 'message', toolCalls: [{ input }] };
}

/** One message holding a text block and then a StructuredOutput call. */
export function textThenStructured(prose: string, input: unknown): MockTurn {
  return { kind: 'message', text: [prose], toolCalls: [{ input }] };
}

/** One message with several tool calls (StructuredOutput unless a name is given). */
export function toolCalls(...calls: ScriptedToolCall[]): MockTurn {
  return { kind: 'message', toolCalls: calls };
}

/** A call of some other tool, e.g. `Read`, to use up a turn. */
export function toolCall(name: string, input: unknown): MockTurn {
  return { kind: 'message', toolCalls: [{ name, input }] };
}

/** An assistant message without any content block. */
export function emptyMessage(): MockTurn {
  return { kind: 'message', stopReason: 'end_turn' };
}

export interface HttpErrorOptions {
  message?: string;
  errorType?: string;
  retryAfterSeconds?: number;
  times?: number;
}

export function httpError(status: number, options: HttpErrorOptions = {}): MockTurn {
  return { kind: 'error', status, ...options };
}

/** A streamed reply that breaks off with an SSE error event (default overloaded_error). */
export function streamError(
  options: { errorType?: string; partialText?: string; times?: number } = {},
): MockTurn {
  return { kind: 'stream-error', ...options };
}

/** Answers `then` once `until` settles (resolved or rejected). */
export function held(until: Promise<unknown>, then: MockTurn): MockTurn {
  return { kind: 'held', until, then };
}

/** Never answers; the connection stays open until the client gives up or the mock closes. */
export function hang(): MockTurn {
  return { kind: 'hang' };
}

/** Streams the first part of a StructuredOutput input (`partialJson`), then never finishes. */
export function structuredThenHang(partialJson: string): MockTurn {
  return { kind: 'partial-hang', partialJson };
}
