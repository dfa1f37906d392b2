/**
 * Contract channels the headless command line needs beyond the app's own (any face may call them): a raw
 * prompt, the deprecated text extractors, a title, assertions evaluated from a list or a story's stored set, and
 * a stories modify round on a stored generation. Limits match the app's: a prompt or a title's text up to
 * 200,000 characters (as `generation:derive`), feedback up to 50,000 (as `generation:modify`).
 */
import type { AssertionStatus, RunSummary, SourceLocation } from '../assertions';
import { OUTPUT_MODES, PROVIDER_NAMES, type OutputMode, type ProviderName } from '../engines';
import type { Generation, GenerationSource } from '../stories';
import { ID, schema } from './schemaParts';

const MODEL = { type: 'string', maxLength: 200 } as const;
/** Story ids of assertion sets become file names: the one id rule (as in `assertions:run`). */
const STORY_ID = ID;

/** The envelope of one assertion; type-specific fields are checked per assertion when it is evaluated. */
const rawAssertion = schema({
  type: 'object',
  required: ['id', 'type', 'target'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 200 },
    type: { type: 'string', minLength: 1, maxLength: 100 },
    target: { type: 'string', minLength: 1, maxLength: 4096 },
    message: { type: 'string', maxLength: 5_000 },
    criterion: { anyOf: [{ type: 'string', maxLength: 5_000 }, { type: 'number' }] },
  },
});

export const toolSchemas = {
  /** Runs one prompt through sendPrompt with a caller's JSON Schema (`puffin prompt`). */
  'prompt:run': schema({
    type: 'object',
    additionalProperties: false,
    required: ['prompt'],
    properties: {
      prompt: { type: 'string', minLength: 1, maxLength: 200_000 },
      /**
       * A draft-07 JSON Schema with an object root; sendPrompt refuses others as `invalid_schema`. Without one
       * the answer is plain text (`data` is the string).
       */
      schema: { type: 'object', maxProperties: 1000 },
      envelope: { type: 'string', minLength: 1, maxLength: 200 },
      maxTurns: { type: 'integer', minimum: 1, maximum: 100 },
      model: MODEL,
      /** The engine (default: the settings' provider, else claude-cli), its root URL and output mode. */
      provider: { enum: PROVIDER_NAMES },
      baseUrl: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^https?://' },
      mode: { enum: OUTPUT_MODES },
      /** Run grounded in this folder: read-only tools confined to it; `meta.read` lists what was read. */
      project: { type: 'string', minLength: 1, maxLength: 4096 },
      /** With `project`: do not let the model read it after all. */
      hermetic: { type: 'boolean' },
    },
  }),
  /** Only the DEPRECATED text extractors over a model's text (`puffin extract --legacy`). */
  'extract:legacy': schema({
    type: 'object',
    additionalProperties: false,
    required: ['text'],
    properties: {
      text: { type: 'string', maxLength: 2_000_000 },
      expect: { enum: ['array', 'object', 'any'] },
    },
  }),
  /** A short title for a text (title workflow; falls back to the text's first words when the CLI fails). */
  'title:generate': schema({
    type: 'object',
    additionalProperties: false,
    required: ['text'],
    properties: { text: { type: 'string', minLength: 1, maxLength: 200_000 } },
  }),
  /**
   * Evaluates assertions against a project folder: a given list, or the story's stored set
   * (`.puffin/assertions/<storyId>.json`, whose run is appended to its results unless `save` is false).
   */
  'assertions:evaluate': schema({
    type: 'object',
    additionalProperties: false,
    required: ['project'],
    properties: {
      project: { type: 'string', minLength: 1, maxLength: 4096 },
      storyId: { type: 'string', pattern: STORY_ID },
      assertions: { type: 'array', maxItems: 1000, items: rawAssertion },
      save: { type: 'boolean' },
    },
  }),
  /**
   * A modify round on the stories of a stored generation (`generationId`, else the latest succeeded derive or
   * modify): the stories locked there stay locked, plus the 1-based positions in `lock`.
   */
  'generation:modifyStored': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'feedback'],
    properties: {
      id: { type: 'string', pattern: ID },
      generationId: { type: 'string', pattern: ID },
      feedback: { type: 'string', minLength: 1, maxLength: 50_000 },
      lock: { type: 'array', maxItems: 200, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
      model: MODEL,
    },
  }),
} as const;

/** What a CLI call cost and who answered (`meta`). */
export interface PromptRunMeta {
  cliVersion: string | null;
  costUsd: number | null;
  turns: number | null;
  durationMs: number | null;
  sessionId: string | null;
  /** A call that named its engine (`--provider`): which one answered, with which model, and how. */
  provider?: ProviderName;
  model?: string | null;
  mode?: Exclude<OutputMode, 'auto'> | null;
  /** Grounded calls (`--project`): the files the model read, relative to the project. */
  read?: string[];
}

export interface PromptRunResult {
  data: unknown;
  source: GenerationSource;
  warnings: string[];
  meta: PromptRunMeta;
}

export interface EvaluatedAssertion {
  id: string;
  type: string;
  target: string;
  message: string;
  criterion?: string | number;
  status: AssertionStatus;
  reason: string;
  location: SourceLocation | null;
  durationMs: number;
}

export interface AssertionsEvaluation {
  project: string;
  storyId?: string;
  results: EvaluatedAssertion[];
  summary: RunSummary;
  commit: string | null;
  startedAt: string;
  durationMs: number;
  /** The results file the run was appended to; null when not saved. */
  saved: string | null;
  warnings: string[];
}

export interface ToolResponses {
  'prompt:run': PromptRunResult;
  'extract:legacy': { data: unknown; strategy: string; repaired: boolean };
  /** `fallback`: the CLI failed and the title is the text's first words (why in `warnings`). */
  'title:generate': {
    title: string;
    fallback: boolean;
    source: GenerationSource | null;
    warnings: string[];
    meta: PromptRunMeta | null;
  };
  'assertions:evaluate': AssertionsEvaluation;
  'generation:modifyStored': Generation;
}
