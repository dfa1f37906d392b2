// Scripted turns and recorded requests shared by the OpenAI, Ollama and Gemini loopback mocks.
import type { IncomingHttpHeaders } from 'node:http';

export interface MockUsage {
  input: number;
  output: number;
}

/**
 * One scripted reply to a model call, in provider-neutral terms; each mock writes it in its own wire format,
 * streamed or not as the request asked.
 * - `answer`: the model's text. Sent as message content, or as the arguments of a call to the request's one tool
 *   when the request forces a tool (`as` overrides that). `finish: 'length'` is a cut-off answer
 *   (`finish_reason: "length"`, `done_reason: "length"`, `finishReason: "MAX_TOKENS"`).
 * - `refusal`: the model declines (OpenAI `message.refusal`; Gemini `finishReason: "SAFETY"`; Ollama has none
 *   and answers the text as content).
 * - `error`: an HTTP error in the provider's error body; `times` answers that many calls before moving on.
 * - `tools`: the model calls the named tools (OpenAI `tool_calls`, Gemini `functionCall` parts).
 * - `hang`: never answers; `partial-hang` streams the text's fragments, then never ends (cancel tests).
 */
export type LlmMockTurn =
  | {
      kind: 'answer';
      text: string;
      as?: 'content' | 'tool';
      finish?: 'stop' | 'length';
      usage?: MockUsage;
      /** Characters per streamed fragment (default 7). */
      chunkSize?: number;
      /** Added to every streamed chunk as `echo`, as a proxy repeating what the request carried. */
      echo?: string;
    }
  | { kind: 'refusal'; text: string }
  /** The model calls tools of its own choice (a grounded call's look; non-streamed, as Puffin asks for it). */
  | { kind: 'tools'; calls: { name: string; args: Record<string, unknown> }[] }
  | { kind: 'error'; status: number; message?: string; retryAfterSeconds?: number; times?: number }
  | { kind: 'hang' }
  /** A 200 answer of `bytes` bytes of one endless line (no newline), sent until the client goes away. */
  | { kind: 'flood'; bytes: number }
  | { kind: 'partial-hang'; text: string; as?: 'content' | 'tool' };

export interface RecordedLlmRequest {
  seq: number;
  method: string;
  /** Without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The parsed JSON body, when it was JSON. */
  body: unknown;
  /** `model` for calls that consumed a scripted turn, `other` for the rest the mock knows (model lists). */
  kind: 'model' | 'other' | 'unknown';
}

export const DEFAULT_USAGE: MockUsage = { input: 42, output: 17 };

export const answer = (
  text: string | object,
  extra: Omit<Extract<LlmMockTurn, { kind: 'answer' }>, 'kind' | 'text'> = {},
): LlmMockTurn => ({
  kind: 'answer',
  text: typeof text === 'string' ? text : JSON.stringify(text),
  ...extra,
});

export const httpFailure = (
  status: number,
  extra: Omit<Extract<LlmMockTurn, { kind: 'error' }>, 'kind' | 'status'> = {},
): LlmMockTurn => ({ kind: 'error', status, ...extra });

/** The answer as a tool call's arguments object (Ollama and Gemini send objects, not text). */
export function argumentsObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('mock: a tool answer must be a JSON object');
  }
  return value as Record<string, unknown>;
}
