/**
 * Contract channels of one-off model calls (the command line's own, any face may call them): a raw prompt, the
 * deprecated text extractors and a title. Limits match the app's: a prompt or a title's text up to 200,000
 * characters (as `generation:derive`).
 */
import { OUTPUT_MODES, PROVIDER_NAMES, type OutputMode, type ProviderName } from '../engines';
import type { GenerationSource } from '../stories';
import { schema } from './schemaParts';

const MODEL = { type: 'string', maxLength: 200 } as const;

export const promptSchemas = {
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

export interface PromptResponses {
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
}
