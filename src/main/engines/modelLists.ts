/**
 * The models an API provider offers, for a settings' model picker: OpenAI-compatible GET /v1/models, Ollama's
 * /api/tags, Gemini's models list (those that generate content). Through the same clients, keys and base URLs as
 * the calls, failing with the same typed errors (no_api_key, auth_failed, server_unavailable...). The Claude CLI and
 * the Anthropic API are not listed here.
 */
import { clientFailure } from './apiAttempt';
import { geminiEndpoint } from './gemini/client';
import { geminiHttpFailure } from './gemini/provider';
import type { ApiProviderName } from './modelSupport';
import { openAiEndpoint } from './openai/client';
import { openAiHttpFailure } from './openai/provider';
import { ollamaClient, ollamaHost, ollamaHttpFailure } from './ollama/provider';

export interface ModelListOptions {
  env: NodeJS.ProcessEnv;
  baseUrl?: string;
  signal?: AbortSignal;
}

/** The model names, sorted; rejects with a typed PromptError. */
export async function listModels(provider: ApiProviderName, options: ModelListOptions): Promise<string[]> {
  const names = await LISTERS[provider](options);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

const typed =
  (
    provider: ApiProviderName,
    httpFailure: Parameters<typeof clientFailure>[1]['httpFailure'],
    secret?: string,
  ) =>
  (error: unknown): never => {
    throw clientFailure(error, { provider, httpFailure, ...(secret ? { secret } : {}) }, { provider });
  };

const LISTERS: Record<ApiProviderName, (options: ModelListOptions) => Promise<string[]>> = {
  async openai({ env, baseUrl, signal }) {
    const { client, key } = await openAiEndpoint(env, baseUrl);
    const ids: string[] = [];
    try {
      for await (const model of client.models.list(signal ? { signal } : {})) ids.push(model.id);
    } catch (error) {
      typed('openai', openAiHttpFailure, key)(error);
    }
    return ids;
  },
  async ollama({ env, baseUrl, signal }) {
    const { Ollama } = await import('ollama');
    const client = ollamaClient(Ollama, ollamaHost(env, baseUrl), signal ?? new AbortController().signal);
    const listed = await client.list().catch(typed('ollama', ollamaHttpFailure));
    return listed.models.map((m) => m.name);
  },
  async gemini({ env, baseUrl, signal }) {
    const { client, key } = await geminiEndpoint(env, baseUrl);
    const names: string[] = [];
    try {
      const pager = await client.models.list(signal ? { config: { abortSignal: signal } } : {});
      for await (const model of pager) {
        const actions = model.supportedActions;
        if (model.name && (!actions || actions.includes('generateContent')))
          names.push(model.name.replace(/^models\//, ''));
      }
    } catch (error) {
      typed('gemini', geminiHttpFailure, key)(error);
    }
    return names;
  },
};
