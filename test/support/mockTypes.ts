// Types shared by the loopback Messages API mock and the scenarios that script it.

/** One content block of a request message, as far as the tests look into it. */
export interface RequestContentBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
  [key: string]: unknown;
}

export interface RequestMessage {
  /** The CLI also sends `system` entries inside `messages` (environment, agent list). */
  role: 'user' | 'assistant' | 'system';
  content: string | RequestContentBlock[];
}

export interface RequestTool {
  name: string;
  description?: string;
  input_schema?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The parsed body of `POST /v1/messages`; unknown fields are kept. */
export interface MessagesRequestBody {
  model: string;
  messages: RequestMessage[];
  system?: string | RequestContentBlock[];
  tools?: RequestTool[];
  stream?: boolean;
  max_tokens?: number;
  output_config?: { format?: unknown; [key: string]: unknown };
  [key: string]: unknown;
}

/** A tool call the scripted model makes; `name` defaults to the request's StructuredOutput tool. */
export interface ScriptedToolCall {
  name?: string;
  input: unknown;
}

/**
 * One scripted model reply. `message` is one assistant message (any mix of text and tool calls);
 * `error` answers with an HTTP error instead; `hang` never answers (for timeout and cancel tests).
 */
export type MockTurn =
  | {
      kind: 'message';
      /** Text blocks come first, then tool calls, each its own content block. */
      text?: string[];
      toolCalls?: ScriptedToolCall[];
      /** Defaults to `tool_use` when there are tool calls, `end_turn` otherwise. */
      stopReason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'refusal';
      /** Added to the message as `metadata.echo`, as a proxy repeating what the request carried. */
      echo?: string;
      /** Streamed text in fragments of at most this many characters (as a long answer arrives), instead of three pieces. */
      fragmentChars?: number;
    }
  | {
      kind: 'error';
      status: number;
      /** Anthropic error type, e.g. `rate_limit_error`; derived from the status when omitted. */
      errorType?: string;
      message?: string;
      /** Sent as the `retry-after` header (seconds). */
      retryAfterSeconds?: number;
      /**
       * How many consecutive main-loop requests get this error before the script moves on
       * (the CLI retries errors itself). Defaults to 1; `Infinity` answers every later request with it.
       */
      times?: number;
    }
  | {
      /** A 200 stream that breaks off with an SSE `error` event (how the API reports overload mid-stream). */
      kind: 'stream-error';
      /** Default `overloaded_error`. */
      errorType?: string;
      message?: string;
      /** Text streamed before the error. */
      partialText?: string;
      /** As for `error`: consecutive main-loop requests that get it. */
      times?: number;
    }
  | { kind: 'hang' }
  /** `then`, answered (and recorded) only once `until` settles: a test holds the model while it looks at the app. */
  | { kind: 'held'; until: Promise<unknown>; then: MockTurn }
  /** A 200 answer of `bytes` bytes of one endless line (no newline), sent until the client goes away. */
  | { kind: 'flood'; bytes: number }
  | {
      /**
       * A streamed StructuredOutput call that stops mid-way and never finishes: the `partialJson` prefix of
       * its input arrives, then the connection stays open (for cancel-keeps-what-arrived tests).
       */
      kind: 'partial-hang';
      partialJson: string;
    };

export type RequestKind = 'main' | 'aux' | 'count_tokens' | 'probe' | 'unknown';

export interface RecordedRequest {
  /** Order of arrival, from 1. */
  seq: number;
  method: string;
  /** Path without the query string, e.g. `/v1/messages`. */
  path: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** Set for `POST /v1/messages` and count_tokens when the body parsed as JSON. */
  body?: MessagesRequestBody;
  kind: RequestKind;
  /** The scripted turn used to answer a main-loop request. */
  turn?: MockTurn;
  status: number;
}

/** Decides the reply to a main-loop request; return undefined to fall back to the queued script. */
export type Responder = (body: MessagesRequestBody, mainIndex: number) => MockTurn | undefined;
