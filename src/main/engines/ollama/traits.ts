/**
 * Ollama as a provider: no key, OLLAMA_HOST or 127.0.0.1:11434, the schema as `format` (a grammar every model
 * follows), and no forced tool call, so no tool mode.
 */
import type { ProviderTraits } from '../provider';

export const OLLAMA_DEFAULT_HOST = 'http://127.0.0.1:11434';

export const OLLAMA_TRAITS: ProviderTraits = {
  name: 'ollama',
  words: { who: 'Ollama', service: 'The Ollama server', status: 'that Ollama is running, and its log' },
  keyEnvVar: null,
  baseUrl: { default: OLLAMA_DEFAULT_HOST, hint: 'e.g. http://127.0.0.1:11434 (empty: OLLAMA_HOST)' },
  // The models are the user's own pulls: the user's model answers every workflow.
  tierModel: () => undefined,
  support: () => ({ native: true, tool: false, why: 'Ollama cannot force a tool call' }),
  shapeSchema: (schema) => schema,
};
