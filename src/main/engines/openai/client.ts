/**
 * The official `openai` client for an OpenAI-compatible server, as every openai call uses it: pointed at the
 * `/v1` root (--base-url, else OpenAI's), its own retries off (Puffin's one budget retries), its own timeout out of
 * the way (the call's timer and cancel bound every request), the key from OPENAI_API_KEY. OpenAI itself needs the
 * key; local servers (vLLM, llama.cpp, LM Studio) take none. Loaded on demand: it is heavy for a CLI start.
 */
import type OpenAI from 'openai';
import { PromptError } from '../../llm/errors';
import { boundedFetch } from '../boundedFetch';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const CLIENT_TIMEOUT_MS = 24 * 60 * 60_000;

export interface OpenAiEndpoint {
  client: OpenAI;
  baseUrl: string;
  key: string | undefined;
}

export async function openAiEndpoint(
  env: NodeJS.ProcessEnv,
  baseUrl: string | undefined,
  model?: string,
): Promise<OpenAiEndpoint> {
  const root = baseUrl ?? OPENAI_DEFAULT_BASE_URL;
  const key = env.OPENAI_API_KEY?.trim() || undefined;
  if (!key && new URL(root).hostname === 'api.openai.com') {
    throw new PromptError('no_api_key', {
      detail: 'OPENAI_API_KEY is not set',
      diagnostics: { provider: 'openai', ...(model ? { model } : {}) },
    });
  }
  const { default: Client } = await import('openai');
  const client = new Client({
    apiKey: key ?? 'none',
    baseURL: root,
    maxRetries: 0,
    timeout: CLIENT_TIMEOUT_MS,
    fetch: boundedFetch('openai'),
  });
  return { client, baseUrl: root, key };
}
