/**
 * Gemini as a provider: GEMINI_API_KEY, generativelanguage.googleapis.com unless a base URL is set, a response
 * schema or one forced function on every model but those listed, the schema in Gemini's OpenAPI subset.
 */
import { supportFrom, type ModelException } from '../modelSupport';
import type { ProviderTraits } from '../provider';
import { GEMINI_DEFAULT_BASE_URL } from './client';
import { toGeminiSchema } from './geminiSchema';

const EXCEPTIONS: readonly ModelException[] = [
  {
    match: /^gemma-/,
    native: false,
    tool: false,
    why: 'no JSON mode and no function calling on the Gemini API',
  },
  { match: /^gemini-1\.0-/, native: false, tool: true, why: 'no response schema' },
];

export const GEMINI_TRAITS: ProviderTraits = {
  name: 'gemini',
  words: { who: 'Gemini', service: 'The Gemini API', status: 'aistudio.google.com/status' },
  keyEnvVar: 'GEMINI_API_KEY',
  baseUrl: { default: GEMINI_DEFAULT_BASE_URL, hint: 'empty: generativelanguage.googleapis.com' },
  // The user's model answers every workflow: a tier picks no other model behind their back.
  tierModel: () => undefined,
  support: (model) => supportFrom({ native: true, tool: true }, EXCEPTIONS, model),
  // A schema the subset cannot express goes as plain JSON Schema (responseJsonSchema).
  shapeSchema: (schema) => {
    const shaped = toGeminiSchema(schema);
    return 'schema' in shaped ? (shaped.schema as typeof schema) : schema;
  },
};
