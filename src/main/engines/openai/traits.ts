/**
 * OpenAI-compatible servers as a provider: OPENAI_API_KEY (OpenAI itself needs it; local servers take none), the
 * `/v1` root, json_schema and forced tools on every model but those listed, the schema in strict mode's shape.
 */
import type { ModelException } from '../modelSupport';
import { supportFrom } from '../modelSupport';
import type { ProviderTraits } from '../provider';
import { OPENAI_DEFAULT_BASE_URL } from './client';
import { toOpenAiStrictSchema } from './openAiStrict';

const EXCEPTIONS: readonly ModelException[] = [
  { match: /^o1-(mini|preview)/, native: false, tool: false, why: 'no structured outputs and no tools' },
  {
    match: /^(gpt-3\.5-turbo-instruct|davinci|babbage|text-)/,
    native: false,
    tool: false,
    why: 'a completions-only model',
  },
  { match: /^gpt-3\.5-turbo/, native: false, tool: true, why: 'no json_schema response format' },
  {
    match: /^gpt-4(-\d{4}|-turbo|-32k)?(-|$)/,
    native: false,
    tool: true,
    why: 'no json_schema response format',
  },
  { match: /^gpt-4o-2024-05-13$/, native: false, tool: true, why: 'no json_schema response format' },
];

export const OPENAI_TRAITS: ProviderTraits = {
  name: 'openai',
  words: {
    who: 'OpenAI',
    service: 'The OpenAI-compatible server',
    status: 'status.openai.com (or the log of the server at your base URL)',
  },
  keyEnvVar: 'OPENAI_API_KEY',
  baseUrl: { default: OPENAI_DEFAULT_BASE_URL, hint: 'the /v1 root, e.g. http://localhost:8000/v1' },
  // A server's models are not known in advance: the user's model answers every workflow.
  tierModel: () => undefined,
  support: (model) => supportFrom({ native: true, tool: true }, EXCEPTIONS, model),
  shapeSchema: (schema) => toOpenAiStrictSchema(schema).schema,
};
