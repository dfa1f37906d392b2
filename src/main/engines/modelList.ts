/**
 * The models a provider lists (Settings' model picker), through each official client: Anthropic and Gemini
 * `models.list`, an OpenAI-compatible server's `/v1/models`, Ollama's local list. The Claude Code CLI has no list:
 * its aliases are offered, and Bedrock's known model ids (bedrockModels.ts). Failures are the same typed PromptErrors as a call's (no_api_key, auth_failed...).
 */
import { KEY_ENV_VARS } from '../../shared/engineSettings';
import type { ProviderName } from '../../shared/engines';
import { PromptError } from '../llm/errors';
import { geminiEndpoint } from './gemini/client';
import { geminiHttpFailure } from './gemini/provider';
import { clientFailure } from './apiAttempt';
import { BEDROCK_SUGGESTED_MODELS } from './bedrock/bedrockModels';
import type { ApiProviderName } from './modelSupport';
import { ollamaHost, ollamaHttpFailure } from './ollama/provider';
import { openAiEndpoint } from './openai/client';
import { openAiHttpFailure } from './openai/provider';

export const CLAUDE_CLI_ALIASES = ['sonnet', 'opus', 'haiku'];
/** Enough for any provider's catalogue; a picker needs no more. */
const MAX_MODELS = 500;

export interface ModelListDeps {
  env: NodeJS.ProcessEnv;
  baseUrl?: string;
}

async function collect(
  pages: AsyncIterable<{ id?: string; name?: string }>,
  strip: string | RegExp = '',
): Promise<string[]> {
  const out: string[] = [];
  for await (const m of pages) {
    const id = (m.id ?? m.name ?? '').replace(strip, '');
    if (id) out.push(id);
    if (out.length >= MAX_MODELS) break;
  }
  return out;
}

async function listOf(provider: ProviderName, deps: ModelListDeps): Promise<string[]> {
  const { env, baseUrl } = deps;
  switch (provider) {
    case 'claude-cli':
      return CLAUDE_CLI_ALIASES;
    case 'anthropic': {
      const apiKey = env.ANTHROPIC_API_KEY?.trim();
      if (!apiKey) throw new PromptError('no_api_key', { detail: 'anthropic: ANTHROPIC_API_KEY is not set' });
      const root = baseUrl ?? env.ANTHROPIC_BASE_URL;
      const { default: Sdk } = await import('@anthropic-ai/sdk');
      return collect(new Sdk({ apiKey, maxRetries: 0, ...(root ? { baseURL: root } : {}) }).models.list());
    }
    case 'openai':
      return collect((await openAiEndpoint(env, baseUrl)).client.models.list());
    case 'ollama': {
      const { Ollama } = await import('ollama');
      const listed = await new Ollama({ host: ollamaHost(env, baseUrl) }).list();
      return listed.models.map((m) => m.name);
    }
    case 'gemini':
      return collect(await (await geminiEndpoint(env, baseUrl)).client.models.list(), /^models\//);
    case 'bedrock':
      return BEDROCK_SUGGESTED_MODELS;
  }
}

const FAILURES = {
  anthropic: openAiHttpFailure, // the same client family: APIError with status, headers and error.message
  openai: openAiHttpFailure,
  ollama: ollamaHttpFailure,
  gemini: geminiHttpFailure,
} as const;

/** The provider's model ids, sorted; a failure as the typed error a call would get (the key redacted). */
export async function listModels(provider: ProviderName, deps: ModelListDeps): Promise<string[]> {
  try {
    return [...new Set(await listOf(provider, deps))].sort();
  } catch (err) {
    if (err instanceof PromptError || provider === 'claude-cli' || provider === 'bedrock') throw err;
    const secret = provider === 'ollama' ? undefined : deps.env[KEY_ENV_VARS[provider]]?.trim();
    // clientFailure's provider names are those of apiAttempt; the mapping is the same for anthropic's client.
    const who = { provider: provider as ApiProviderName, httpFailure: FAILURES[provider] };
    return Promise.reject(clientFailure(err, secret ? { ...who, secret } : who, { provider }));
  }
}
