/**
 * The models a provider lists (Settings' model picker), through each official client: Anthropic and Gemini
 * `models.list`, an OpenAI-compatible server's `/v1/models`, Ollama's local list. The Claude Code CLI has no list:
 * its aliases are offered. Failures are the same typed PromptErrors as a call's (no_api_key, auth_failed...).
 */
import { KEY_ENV_VARS } from '../../shared/engineSettings';
import type { ProviderName } from '../../shared/engines';
import { PromptError } from '../llm/errors';
import { GEMINI_DEFAULT_BASE_URL, geminiHttpFailure } from './gemini/provider';
import { errnoOf, httpFailureError } from './httpFailure';
import { OLLAMA_DEFAULT_HOST, ollamaHttpFailure } from './ollama/provider';
import { OPENAI_DEFAULT_BASE_URL, openAiHttpFailure } from './openai/provider';

export const CLAUDE_CLI_ALIASES = ['sonnet', 'opus', 'haiku'];
/** Enough for any provider's catalogue; a picker needs no more. */
const MAX_MODELS = 500;

export interface ModelListDeps {
  env: NodeJS.ProcessEnv;
  baseUrl?: string;
}

function keyOf(provider: keyof typeof KEY_ENV_VARS, env: NodeJS.ProcessEnv, required: boolean): string {
  const key = env[KEY_ENV_VARS[provider]]?.trim();
  if (key || !required) return key ?? 'none';
  throw new PromptError('no_api_key', {
    detail: `${KEY_ENV_VARS[provider]} is not set`,
    diagnostics: { provider },
  });
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
      const { default: Anthropic } = await import('@anthropic-ai/sdk');
      const client = new Anthropic({
        apiKey: keyOf('anthropic', env, true),
        maxRetries: 0,
        ...(baseUrl ? { baseURL: baseUrl } : {}),
      });
      return collect(client.models.list());
    }
    case 'openai': {
      const root = baseUrl ?? OPENAI_DEFAULT_BASE_URL;
      const { default: OpenAI } = await import('openai');
      const local = new URL(root).hostname !== 'api.openai.com';
      const client = new OpenAI({ apiKey: keyOf('openai', env, !local), baseURL: root, maxRetries: 0 });
      return collect(client.models.list());
    }
    case 'ollama': {
      const { Ollama } = await import('ollama');
      const host = baseUrl ?? (env.OLLAMA_HOST?.trim() || OLLAMA_DEFAULT_HOST);
      const listed = await new Ollama({ host }).list();
      return listed.models.map((m) => m.name);
    }
    case 'gemini': {
      const { GoogleGenAI } = await import('@google/genai');
      const client = new GoogleGenAI({
        apiKey: keyOf('gemini', env, true),
        httpOptions: { apiVersion: 'v1beta', baseUrl: baseUrl ?? GEMINI_DEFAULT_BASE_URL },
      });
      return collect(await client.models.list(), /^models\//);
    }
  }
}

const FAILURES = {
  anthropic: openAiHttpFailure,
  openai: openAiHttpFailure,
  ollama: ollamaHttpFailure,
  gemini: geminiHttpFailure,
} as const;

/** The provider's model ids, sorted; a failure as the typed error a call would get. */
export async function listModels(provider: ProviderName, deps: ModelListDeps): Promise<string[]> {
  try {
    return [...new Set(await listOf(provider, deps))].sort();
  } catch (err) {
    if (err instanceof PromptError || provider === 'claude-cli') throw err;
    const failure = FAILURES[provider](err);
    const errno = errnoOf(err);
    throw httpFailureError(
      provider,
      failure ?? { message: err instanceof Error ? err.message : String(err), ...(errno ? { errno } : {}) },
      { provider },
    );
  }
}
