/**
 * The `ollama` provider: Ollama's own /api/chat through the official `ollama` client, the schema as `format`
 * (native: Ollama turns it into a grammar, so every model can follow it; there is no forced tool call, so no tool
 * mode). The base URL is `http://host:port`: --base-url, else OLLAMA_HOST, else Ollama's default. No key. The
 * client's fetch carries the attempt's abort signal, so cancel aborts the request even before the stream starts.
 */
import type { ChatResponse, Ollama } from 'ollama';
import { EMPTY_GROUNDING } from '../../../shared/grounding';
import { runApiAttempt, type ApiHttpFailure } from '../apiAttempt';
import { requireModel } from '../apiPrepare';
import { boundedFetch } from '../boundedFetch';
import { mapOnlyPrompt } from '../grounding/mapOnlyPrompt';
import { listedModels } from '../modelList';
import { chooseMode } from '../modelSupport';
import type { PreparedCall, Provider, ProviderCall } from '../provider';
import type { EngineDeps } from '../registry';
import { ollamaStreamReader } from './ollamaStream';
import { OLLAMA_DEFAULT_HOST, OLLAMA_TRAITS } from './traits';
import { turnsOf } from '../../llm/conversation';

const VERSION_WAIT_MS = 2000;

/** An ollama client whose every request also carries `signal` (the client itself only aborts open streams). */
export function ollamaClient(Client: typeof Ollama, host: string, signal: AbortSignal): Ollama {
  const bounded = boundedFetch('ollama');
  return new Client({
    host,
    fetch: (input, init) =>
      bounded(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }),
  });
}

export function createOllamaProvider(deps: EngineDeps): Provider {
  // Each server's version, asked once (not before every call); a server that did not say is asked again next time.
  const versions = new Map<string, string>();
  async function versionOf(Client: typeof Ollama, host: string): Promise<string | null> {
    const known = versions.get(host);
    if (known !== undefined) return known;
    const version = await ollamaClient(Client, host, AbortSignal.timeout(VERSION_WAIT_MS))
      .version()
      .then(
        (v) => v.version,
        () => null,
      );
    if (version !== null) versions.set(host, version);
    return version;
  }

  async function prepare(call: ProviderCall): Promise<PreparedCall> {
    const model = requireModel('ollama', call.model);
    chooseMode(OLLAMA_TRAITS, model, call.mode); // native, or a typed refusal of tool mode
    const host = ollamaHost(deps.env(), call.baseUrl);
    const { Ollama } = await import('ollama');
    // Ollama says its version (the engine version of the record); a server that does not answer within a moment
    // is left for the attempt to report (server_unavailable, inside the call's budget).
    const engineVersion = await versionOf(Ollama, host);
    // Grounded: no tool calling on /api/chat here, so the model gets the project's map instead (mapOnlyPrompt.ts).
    const grounding = call.request.grounding;
    const prompt = grounding ? await mapOnlyPrompt(call.request.prompt, grounding) : call.request.prompt;
    return {
      warnings: [],
      feedsBack: true,
      // What it read: nothing (it had the map), said as for every grounded call.
      attempt: async (ctx) => {
        const answer = await runApiAttempt<ChatResponse>(
          {
            provider: 'ollama',
            model,
            mode: 'native',
            baseUrl: host,
            engineVersion,
            open: (signal) =>
              ollamaClient(Ollama, host, signal).chat({
                model,
                // History, the prompt, and on a retry the schema-invalid answer with its errors.
                messages: turnsOf(call.request.history, prompt, ctx.feedback),
                format: call.schema.schema,
                stream: true,
              }),
            reader: ollamaStreamReader,
            httpFailure: ollamaHttpFailure,
            warnings: [],
          },
          ctx,
        );
        return grounding ? { ...answer, grounding: { ...EMPTY_GROUNDING } } : answer;
      },
    };
  }
  async function listModels(where: { baseUrl?: string }): Promise<string[]> {
    const host = ollamaHost(deps.env(), where.baseUrl);
    return listedModels(
      async () => {
        const { Ollama } = await import('ollama');
        return (await new Ollama({ host }).list()).models.map((m) => m.name);
      },
      { provider: 'ollama', httpFailure: ollamaHttpFailure },
    );
  }

  return { ...OLLAMA_TRAITS, listModels, prepare };
}

/** `http://host:port`: --base-url, else OLLAMA_HOST (Ollama's own default), else 127.0.0.1:11434. */
export function ollamaHost(env: NodeJS.ProcessEnv, baseUrl: string | undefined): string {
  return baseUrl ?? (env.OLLAMA_HOST?.trim() || OLLAMA_DEFAULT_HOST);
}

/** The ollama client's ResponseError: `status_code` and the server's `error` text. */
export function ollamaHttpFailure(error: unknown): ApiHttpFailure | undefined {
  const e = error as { name?: unknown; status_code?: unknown; error?: unknown };
  if (e?.name !== 'ResponseError' || typeof e.status_code !== 'number') return undefined;
  return { status: e.status_code, message: String(e.error ?? '') };
}
