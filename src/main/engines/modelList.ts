/**
 * What every provider's model list (Settings' model picker) shares: at most MAX_MODELS ids, deduplicated and
 * sorted, and a failure as the same typed PromptError a call would get (no_api_key, auth_failed...), the key
 * redacted. Each provider lists its models through its official client (its own `listModels`).
 */
import { PromptError } from '../llm/errors';
import { clientFailure, type ApiRun } from './apiAttempt';

/** Enough for any provider's catalogue; a picker needs no more. */
const MAX_MODELS = 500;

/** The ids of a client's paged list (`id`, else `name`, without `strip`), at most MAX_MODELS of them. */
export async function collectModels(
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

/** The listed ids, sorted; a client's failure as the typed error a call would get (`who.secret` redacted). */
export async function listedModels(
  list: () => Promise<string[]>,
  who: Pick<ApiRun<unknown>, 'provider' | 'secret' | 'httpFailure'>,
): Promise<string[]> {
  try {
    return [...new Set((await list()).slice(0, MAX_MODELS))].sort();
  } catch (err) {
    if (err instanceof PromptError) throw err;
    return Promise.reject(clientFailure(err, who, { provider: who.provider }));
  }
}
