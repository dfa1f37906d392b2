/**
 * The Anthropic Messages API as a provider: ANTHROPIC_API_KEY, api.anthropic.com unless a base URL is set, native
 * structured output on the models that have it (anthropicRequest.ts) and one forced tool on every model.
 */
import { CLAUDE_WORDS } from '../../llm/errors';
import type { ProviderTraits } from '../provider';
import { nativeSchema, supportsNative } from './anthropicRequest';

export const ANTHROPIC_TRAITS: ProviderTraits = {
  name: 'anthropic',
  words: CLAUDE_WORDS,
  keyEnvVar: 'ANTHROPIC_API_KEY',
  baseUrl: { default: 'https://api.anthropic.com', hint: 'empty: api.anthropic.com' },
  // The user's model answers every workflow: a tier picks no other model behind their back.
  tierModel: () => undefined,
  support: (model) =>
    supportsNative(model)
      ? { native: true, tool: true }
      : { native: false, tool: true, why: 'no native structured output on the Anthropic API' },
  // Native mode refuses numeric, string-length and array-size keywords; a tool's input_schema takes them all.
  shapeSchema: (schema, mode) => (mode === 'native' ? nativeSchema(schema) : schema),
};
