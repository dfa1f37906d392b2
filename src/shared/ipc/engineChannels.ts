/**
 * Contract channels of the engine settings: the engines part of `settings:update`, a provider's
 * model list, a "test connection" call, and the API keys' status, stored in the OS keychain where there is one.
 */
import {
  BASE_URL_PATTERN,
  KEYED_PROVIDERS,
  MODEL_PATTERN,
  type KeysView,
  type ProviderFacts,
} from '../engineSettings';
import { OUTPUT_MODES, PROVIDER_NAMES, type OutputMode, type ProviderName } from '../engines';
import { WORKFLOW_NAMES } from '../workflows';
import { schema } from './schemaParts';

const MODEL = { type: 'string', maxLength: 200, pattern: MODEL_PATTERN } as const;
const BASE_URL = { type: 'string', minLength: 1, maxLength: 2048, pattern: BASE_URL_PATTERN } as const;
const PROVIDER = { enum: PROVIDER_NAMES } as const;

const engineChoice = schema({
  type: 'object',
  additionalProperties: false,
  required: ['provider', 'model', 'mode'],
  properties: { provider: PROVIDER, model: MODEL, mode: { enum: OUTPUT_MODES } },
});

/** The whole engines part of the settings, as `settings:update` takes it (it replaces the stored one). */
export const engineSettingsSchema = schema({
  type: 'object',
  additionalProperties: false,
  required: ['default', 'workflows', 'baseUrls'],
  properties: {
    default: engineChoice,
    workflows: {
      type: 'object',
      propertyNames: { enum: WORKFLOW_NAMES },
      additionalProperties: engineChoice,
    },
    baseUrls: {
      type: 'object',
      propertyNames: { enum: PROVIDER_NAMES },
      additionalProperties: BASE_URL,
    },
  },
});

const keyedProvider = schema({
  type: 'object',
  additionalProperties: false,
  required: ['provider'],
  properties: { provider: { enum: KEYED_PROVIDERS } },
});

export const engineSchemas = {
  /** The models the provider lists (Anthropic/OpenAI-compatible/Gemini models.list, Ollama's list). */
  'engines:models': schema({
    type: 'object',
    additionalProperties: false,
    required: ['provider'],
    properties: { provider: PROVIDER, baseUrl: BASE_URL },
  }),
  /** One tiny structured call to the engine as given; fails with the engine's typed error. */
  'engines:test': schema({
    type: 'object',
    additionalProperties: false,
    required: ['provider'],
    properties: { provider: PROVIDER, model: MODEL, baseUrl: BASE_URL, mode: { enum: OUTPUT_MODES } },
  }),
  /** Each provider's facts for Settings (key variable, base URL default and hint), read from its own folder. */
  'engines:providers': schema({ type: 'object', additionalProperties: false, properties: {} }),
  'keys:status': schema({ type: 'object', additionalProperties: false, properties: {} }),
  /** Stores a key encrypted with the OS keychain (desktop only; elsewhere `keychain_unavailable`). */
  'keys:set': schema({
    type: 'object',
    additionalProperties: false,
    required: ['provider', 'key'],
    properties: {
      provider: { enum: KEYED_PROVIDERS },
      key: { type: 'string', minLength: 1, maxLength: 1000 },
    },
  }),
  'keys:clear': keyedProvider,
} as const;

export interface EngineTestResult {
  provider: ProviderName;
  model: string | null;
  /** How the schema was enforced (null: the engine does not say). */
  mode: Exclude<OutputMode, 'auto'> | null;
  durationMs: number;
}

export interface EngineResponses {
  /** Ids as the provider lists them; empty where it has no list (claude-cli: type the model). */
  'engines:models': { models: string[] };
  'engines:test': EngineTestResult;
  /** In the registry's order (PROVIDER_NAMES). */
  'engines:providers': { providers: ProviderFacts[] };
  'keys:status': KeysView;
  'keys:set': KeysView;
  'keys:clear': KeysView;
}
