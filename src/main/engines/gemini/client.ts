/**
 * The official `@google/genai` client as every gemini call uses it: the key from GEMINI_API_KEY (required), the
 * v1beta API, `--base-url` as the server root when given; no retry options, so the client never retries. Loaded on
 * demand: it is heavy for a CLI start.
 */
import type { GoogleGenAI } from '@google/genai';
import { requireKey } from '../apiPrepare';
import { boundedFetch } from '../boundedFetch';

export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

export interface GeminiEndpoint {
  client: GoogleGenAI;
  baseUrl: string;
  key: string;
}

export async function geminiEndpoint(
  env: NodeJS.ProcessEnv,
  baseUrl: string | undefined,
  model?: string,
): Promise<GeminiEndpoint> {
  const key = requireKey('gemini', env, 'GEMINI_API_KEY', model);
  const { GoogleGenAI } = await import('@google/genai');
  const client = new GoogleGenAI({
    apiKey: key,
    httpOptions: { apiVersion: 'v1beta', fetch: boundedFetch('gemini'), ...(baseUrl ? { baseUrl } : {}) },
  });
  return { client, baseUrl: baseUrl ?? GEMINI_DEFAULT_BASE_URL, key };
}
