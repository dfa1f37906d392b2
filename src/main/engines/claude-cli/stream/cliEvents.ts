/**
 * Typed events decoded from the Claude Code CLI's `--output-format stream-json` stdout.
 * Every event keeps the parsed line (`raw`) so the activity view and failure reports can show it verbatim.
 */

/** A parsed stdout line. Only objects are valid stream-json lines. */
export type RawLine = Record<string, unknown>;

interface EventBase {
  raw: RawLine;
  /** The stdout line as it came, when the reader kept it (not enumerable where it is a field). */
  readonly line?: string;
  /**
   * An earlier event came from the same stdout line (a user line with several tool results): the line is already
   * accounted for (History keeps it once). Set by the reader, not enumerable.
   */
  readonly sameLine?: boolean;
}

/** `system` / `init`: the first line; `tools` tells whether the CLI kept our schema (StructuredOutput). */
export interface InitEvent extends EventBase {
  kind: 'init';
  cliVersion?: string;
  model?: string;
  tools: string[];
  sessionId?: string;
  cwd?: string;
}

export type AssistantBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'thinking'; thinking: string }
  | { type: 'other'; blockType: string; block: unknown };

/** One `assistant` line. The CLI prints one line per content block; blocks of one API call share messageId. */
export interface AssistantEvent extends EventBase {
  kind: 'assistant';
  messageId?: string;
  model?: string;
  blocks: AssistantBlock[];
  /** Set on synthetic messages, e.g. "authentication_failed" when not logged in. */
  error?: string;
  parentToolUseId?: string;
}

/** One `tool_result` block of a `user` line (a line with several results yields several events). */
export interface ToolResultEvent extends EventBase {
  kind: 'tool_result';
  toolUseId: string;
  isError: boolean;
  /** The result's text (array content is flattened to its text parts). */
  content: string;
  parentToolUseId?: string;
}

/** A `user` line without tool results, e.g. the CLI's "[structured-output-enforce]" nudge. */
export interface UserEvent extends EventBase {
  kind: 'user';
  text: string;
  isSynthetic: boolean;
}

export type StreamDelta = { type: 'input_json'; partialJson: string } | { type: 'text'; text: string };

/** `stream_event` (with --include-partial-messages): the inner Messages API SSE event plus conveniences. */
export interface StreamEventEvent extends EventBase {
  kind: 'stream_event';
  eventType: string;
  event: Record<string, unknown>;
  /** Content block index, for content_block_* events. */
  index?: number;
  /** The id from the latest message_start of the same (sub)agent; deltas do not carry it themselves. */
  messageId?: string;
  /** input_json_delta / text_delta of a content_block_delta. */
  delta?: StreamDelta;
  /** What a content_block_start opens (tool name lets a preview pick the StructuredOutput block). */
  blockStart?: { blockType: string; toolName?: string; toolUseId?: string };
  parentToolUseId?: string;
}

export interface RateLimitEvent extends EventBase {
  kind: 'rate_limit';
  status?: string;
  rateLimitType?: string;
  resetsAt?: number;
  info: Record<string, unknown>;
}

/** Any `system` line other than init (status, hooks, compaction...). */
export interface SystemEvent extends EventBase {
  kind: 'system';
  subtype?: string;
}

export interface ResultEvent extends EventBase {
  kind: 'result';
  subtype?: string;
  isError: boolean;
  resultText?: string;
  /** True when the line has a non-null `structured_output`. */
  hasStructuredOutput: boolean;
  structuredOutput?: unknown;
  errors: string[];
  costUsd?: number;
  turns?: number;
  durationMs?: number;
  sessionId?: string;
  usage?: Record<string, unknown>;
  modelUsage?: Record<string, unknown>;
  apiErrorStatus?: number;
  terminalReason?: string;
}

export interface UnknownEvent extends EventBase {
  kind: 'unknown';
  type?: string;
}

/** A line that is not a JSON object. No `raw`: there is no parsed object. */
export interface GarbageEvent {
  kind: 'garbage';
  /** The line, truncated to GARBAGE_LINE_LIMIT characters. */
  line: string;
  error: string;
  /** Set when the line was longer than the reader's cap: it was dropped unread (`line` is empty). */
  oversizedChars?: number;
}

export type CliEvent =
  | InitEvent
  | AssistantEvent
  | ToolResultEvent
  | UserEvent
  | StreamEventEvent
  | RateLimitEvent
  | SystemEvent
  | ResultEvent
  | UnknownEvent
  | GarbageEvent;

export type CliEventKind = CliEvent['kind'];
