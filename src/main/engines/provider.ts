/**
 * The engine seam: what every provider (the Claude Code CLI, the Anthropic API, OpenAI-compatible servers, Ollama,
 * Gemini) does for sendPrompt, and nothing more. sendPrompt keeps the pipeline (schema → gate → provider → local
 * Ajv validation against the ORIGINAL schema → envelope unwrap → retry); a provider only turns one attempt into
 * unvalidated data plus neutral meta, or a typed PromptError. See README "Engines" and src/main/engines/registry.ts.
 */
import type { GroundingRecord } from '../../shared/grounding';
import type { ErrorWords, PromptErrorDiagnostics } from '../llm/errors';
import type { GateLease } from '../llm/gate';
import type { DataSource, ModelTier, SendPromptRequest } from '../llm/promptTypes';
import type { JsonSchema } from '../llm/schemas';
import type { ResolvedSchema } from '../llm/resolveSchema';
import type { RawLineRun } from '../llm/rawLineRun';
import type { ConversationTurn } from '../llm/conversation';

export type { OutputMode, ProviderName } from '../../shared/engines';
import type { OutputMode, ProviderName } from '../../shared/engines';

/**
 * Neutral events of one attempt, whatever the engine: where it is, the growing answer (for the live preview),
 * an engine-side wait, and each raw wire line (for the activity log and History; never carrying a key). What a
 * call is doing live also counts the optional `turn`, `tool` and `usage` events of engines that have
 * them (services/activityMeter.ts); an engine without them still shows phase, retries, raw lines and its final
 * meta.
 */
export type EngineEvent =
  | { type: 'phase'; phase: 'connecting' | 'streaming' | 'finished' }
  /** A fragment of the answer's JSON text; `block` grows when the engine starts its answer over. */
  | { type: 'partial'; text: string; block: number }
  | { type: 'retrying'; delayMs: number | undefined; message: string }
  | { type: 'raw'; line: string }
  /**
   * Several raw lines at once, in order: the same as as many `raw` events (the CLI's delta lines, a run at a
   * time), kept as they came until read (see RawLineRun).
   */
  | { type: 'rawLines'; lines: RawLineRun }
  /** A model turn (message) started; `id` tells a new turn from more of the same one. */
  | { type: 'turn'; id?: string }
  /** The model called a tool (a grounded call's Read, Glob, Grep), with the file or pattern it names. */
  | { type: 'tool'; name: string; target?: string }
  /**
   * Tokens so far: of one turn (`id`, its latest count), or with `total` the call's own totals. `costUsd`: the
   * call's cost so far.
   */
  | { type: 'usage'; id?: string; total?: boolean; tokensIn?: number; tokensOut?: number; costUsd?: number };

/** Who answered and what it cost, the same fields for every provider (null: the engine did not say). */
export interface EngineMeta {
  provider: ProviderName;
  /** The engine's own version where it has one (the CLI's), else null. */
  engineVersion: string | null;
  /** Set by an engine that is a command-line program: its version, as results report it in `cliVersion`. */
  cliVersion?: string | null;
  model: string | null;
  /** How the schema was enforced: the provider's native structured output, or one forced tool. */
  mode: Exclude<OutputMode, 'auto'> | null;
  /** null when the price of the model is unknown: never 0 for "unknown". */
  costUsd: number | null;
  tokensIn: number | null;
  tokensOut: number | null;
  turns: number | null;
  durationMs: number;
  sessionId: string | null;
}

/** What one attempt produced: the data is NOT yet validated (sendPrompt does that against the original schema). */
export interface ProviderAnswer {
  data: unknown;
  source: DataSource;
  warnings: string[];
  meta: EngineMeta;
  /** Evidence kept with a validation failure of this answer (raw lines, versions...). */
  diagnostics: PromptErrorDiagnostics;
  grounding?: GroundingRecord;
}

/** One sendPrompt call as a provider sees it. */
export interface ProviderCall {
  request: SendPromptRequest;
  /** The resolved ORIGINAL schema: a provider that needs another shape transforms a copy (schemaTransform.ts). */
  schema: ResolvedSchema;
  /** The model to ask for; undefined: the provider's default (the CLI's own, else a ProviderSettings default). */
  model: string | undefined;
  mode: OutputMode;
  /** The provider's root URL (`http://host:port`; the `/v1` root for openai), when not its default. */
  baseUrl?: string;
}

/** One attempt, inside its gate slot. */
export interface AttemptContext {
  attempt: number;
  lease: GateLease;
  /** What is left of the call's time budget for this attempt. */
  timeoutMs: number;
  /** The whole call's timeout, for messages. */
  callTimeoutMs: number;
  /** Aborts on the caller's cancel; a provider aborts its HTTP request or process at once. */
  signal?: AbortSignal;
  emit: (event: EngineEvent) => void;
  /**
   * false: only the live preview listens (`partial` events), so a provider may skip building the activity events
   * (raw lines, turns, tools, usage) nobody reads; absent or true: emit them all.
   */
  activity?: boolean;
  /** Turns after the prompt: the previous attempt's schema-invalid answer and its errors (feedsBack engines). */
  feedback?: ConversationTurn[];
}

/** A call prepared once (engine located, key read, request built), then attempted as often as the budget allows. */
export interface PreparedCall {
  attempt(ctx: AttemptContext): Promise<ProviderAnswer>;
  /** Said once with the result (e.g. what grounding could not do). */
  warnings: string[];
  /**
   * The attempts send `AttemptContext.feedback` as turns: a schema-invalid answer is then retried with its errors,
   * within the call's one retry budget. Absent: the engine cannot (the CLI) and validation_failed is final.
   */
  feedsBack?: boolean;
}

/** Which ways a model returns schema-true JSON; `why` says what it lacks, for a refusal naming the model. */
export interface StructuredSupport {
  native: boolean;
  tool: boolean;
  why?: string;
}

/**
 * One engine, all of it in its folder (src/main/engines/<name>/): how it is named and configured, what its models
 * can do, and how it runs a call. The pipeline (src/main/llm/) knows providers only through this interface.
 */
export interface Provider {
  readonly name: ProviderName;
  /** How its failures name it: sendPrompt words every PromptError of its calls with these. */
  readonly words: ErrorWords;
  /** The environment variable its API key is read from; null: it takes none (the CLI's own login, Ollama). */
  readonly keyEnvVar: string | null;
  /** Its root URL when none is set, and the hint shown with the setting; null: it has no address to set. */
  readonly baseUrl: { readonly default: string; readonly hint: string } | null;
  /** What Settings shows in an empty model field when that means something of its own; default "model id". */
  readonly modelHint?: string;
  /** The model a workflow's tier gets here; undefined: the user's model, else the engine's own default. */
  tierModel(tier: ModelTier): string | undefined;
  /** The capability table: whether `model` answers with native structured output, one forced tool, or neither. */
  support(model: string): StructuredSupport;
  /** What it sends for `schema` in `mode`: a shaped copy, or the schema itself (answers are checked on the original). */
  shapeSchema(schema: JsonSchema, mode: 'native' | 'tool'): JsonSchema;
  /** Its models, sorted (Settings' model picker); a failure is the typed PromptError a call would get. */
  listModels(where: { baseUrl?: string }): Promise<string[]>;
  /** Before the gate: find the engine, read the key, refuse what cannot work (typed PromptError). */
  prepare(call: ProviderCall): Promise<PreparedCall>;
}

/** What a provider is before it runs anything: its words, settings and capability table (its `traits.ts`). */
export type ProviderTraits = Omit<Provider, 'listModels' | 'prepare'>;

/** The provider of a name, built once by the composition root (engines/registry.ts). */
export type ProviderLookup = (name: ProviderName) => Provider;
