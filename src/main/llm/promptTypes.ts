/** The public types of sendPrompt: what a workflow asks for and what it gets back. */
import type { OutputMode, ProviderName } from '../../shared/engines';
import type { GroundingRecord } from '../../shared/grounding';
import type { EngineEvent, EngineMeta } from '../engines/provider';
import type { WorkflowName } from '../../shared/workflows';
import type { GroundingRequest } from './grounding/groundingRequest';
import type { PreviewEvent as ParserPreviewEvent, WatchPattern } from './preview/previewEvents';
import type { PromptErrorCode } from './errors';
import type { JsonSchema, SchemaData, SchemaName } from './schemas';
import type { ConversationTurn } from './conversation';

export type DataSource = 'structured_output' | 'tool_use' | 'legacy_text';

/**
 * What a workflow asks of the model, whatever the engine: `fast` (a title) or `default`. Each provider maps a tier
 * to one of its models (Provider.tierModel), or to none: then the user's model answers.
 */
export type ModelTier = 'fast' | 'default';

/**
 * Who answered and what it cost. sendPrompt always sets every field; the engine fields are optional only so that
 * results written before the engine seam (test fakes, stored records) still type.
 */
export interface PromptMeta extends Partial<Pick<EngineMeta, 'provider' | 'engineVersion' | 'mode'>> {
  /** The Claude Code CLI's version: set for the `claude-cli` provider only (engineVersion says it for all). */
  cliVersion: string | null;
  costUsd: number | null;
  turns: number | null;
  durationMs: number;
  sessionId: string | null;
  model: string | null;
  tokensIn?: number | null;
  tokensOut?: number | null;
}

export interface SendPromptResult<T = unknown> {
  data: T;
  source: DataSource;
  /** Why the data did not come the preferred way (tool_use or legacy text); empty on the happy path. */
  warnings: string[];
  meta: PromptMeta;
  /** Grounded calls: what the model read and searched in the project, and what was refused. */
  grounding?: GroundingRecord;
}

/**
 * A live preview event: what the partial-JSON parser saw close in the growing StructuredOutput input (an `item`
 * of a watched array, the `done` root, a parse `error`), or `reset` when the model starts a new StructuredOutput
 * call (the CLI rejected the previous one) and what was shown so far should be cleared.
 */
export type PreviewEvent = ParserPreviewEvent | { type: 'reset'; attempt: number };

export interface RetryNotice {
  code: PromptErrorCode;
  /** The attempt that failed, from 1. */
  attempt: number;
  /** How many attempts the call may make in all. */
  maxAttempts?: number;
  /** How long sendPrompt waits before the next attempt. */
  delayMs: number;
  message: string;
}

export interface SendPromptRequest {
  /** The workflow making the call (src/shared/workflows.ts), for logs, errors and its history record. */
  workflow: WorkflowName;
  /** What the call is about (e.g. a story's title), for logs and the call's history record. */
  subject?: string;
  prompt: string;
  /**
   * Turns before `prompt` (a modify or refine round: the original request, then the model's previous answer as
   * its own turn). API engines send them as messages; the CLI, which takes one input, gets them as text.
   */
  history?: ConversationTurn[];
  /** A registered schema name, or a draft-07 schema object with an object root ; without one the call fails with `invalid_schema`. */
  schema?: SchemaName | JsonSchema;
  /** Key to unwrap from the output (defaults to the registered envelope of a named schema). */
  envelope?: string;
  /** Which engine answers (default: the settings' provider, else `claude-cli`). */
  provider?: ProviderName;
  model?: string;
  /** The workflow's tier when `model` is not given: the provider's model for it wins over the settings' model. */
  tier?: ModelTier;
  /** How the schema is enforced (default `auto`; the CLI has one way and ignores it). */
  mode?: OutputMode;
  /** The provider's root URL when not its default (`http://host:port`; the `/v1` root for openai). */
  baseUrl?: string;
  fallbackModel?: string;
  /** Clamped up to 2 when a schema is attached. Default 4. */
  maxTurns?: number;
  /** The CLI stops itself once the call has cost this much (--max-budget-usd): what is left of a sprint's budget. */
  maxBudgetUsd?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Receives the growing output while it is generated (turns on --include-partial-messages). */
  preview?: (event: PreviewEvent) => void;
  /** Arrays whose closed elements `preview` reports; default: every array directly under the root. */
  previewWatch?: readonly WatchPattern[];
  /** Every provider's neutral events (phase, partial answer text, engine-side waits, raw wire lines). */
  onEngineEvent?: (event: EngineEvent) => void;
  /** Told before each retry of a transient failure (rate limited, overloaded...), e.g. for a progress line. */
  onRetry?: (event: RetryNotice) => void;
  /** No MCP servers, no built-in tools. Default true: Puffin's calls are one-shot. */
  hermetic?: boolean;
  cwd?: string;
  /**
   * Run in this project with read-only tools confined to it (each engine confines them its own way): the project becomes
   * the working directory, the call gets extra turns to look, and the result says what was read.
   */
  grounding?: GroundingRequest;
}

export interface SendPrompt {
  <N extends SchemaName>(req: SendPromptRequest & { schema: N }): Promise<SendPromptResult<SchemaData<N>>>;
  <T = unknown>(req: SendPromptRequest): Promise<SendPromptResult<T>>;
}
