/** The engine settings' channels: a provider's model list, "test connection", and the API keys' status. */
import type { ProviderName } from '../../shared/engines';
import type { engineSchemas } from '../../shared/ipc/engineChannels';
import type { Handlers } from '../app/dispatcher';
import type { Services } from '../app/services';
import { keysView } from '../base/keyStore';
import { allProviderFacts } from './providerFacts';

/** The tiny structured answer a connection test asks for. */
export const TEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['ok'],
  properties: { ok: { type: 'boolean' } },
} as const;
export const TEST_PROMPT = 'Connection test: answer with {"ok": true}.';
const TEST_TIMEOUT_MS = 60_000;

export function engineHandlers(services: Services): Pick<Handlers, keyof typeof engineSchemas> {
  const { keys, env, settings } = services;
  const baseUrlOf = (provider: ProviderName) => settings.get().engines.baseUrls[provider];
  return {
    'engines:models': async ({ provider, baseUrl }) => {
      const root = baseUrl ?? baseUrlOf(provider);
      return { models: await services.providers(provider).listModels(root ? { baseUrl: root } : {}) };
    },
    'engines:test': ({ provider, model, baseUrl, mode }) =>
      services.prompts.track(async (signal) => {
        const root = baseUrl ?? baseUrlOf(provider);
        const r = await services.sendPrompt({
          workflow: 'cli-prompt',
          prompt: TEST_PROMPT,
          schema: TEST_SCHEMA,
          provider,
          ...(model ? { model } : {}),
          ...(root ? { baseUrl: root } : {}),
          ...(mode ? { mode } : {}),
          maxTurns: 2,
          timeoutMs: TEST_TIMEOUT_MS,
          signal,
        });
        return { provider, model: r.meta.model, mode: r.meta.mode ?? null, durationMs: r.meta.durationMs };
      }),
    'engines:providers': () => ({ providers: allProviderFacts(services.providers) }),
    'keys:status': () => keysView(env(), keys),
    'keys:set': async ({ provider, key }) => {
      await keys.set(provider, key);
      return keysView(env(), keys);
    },
    'keys:clear': async ({ provider }) => {
      await keys.clear(provider);
      return keysView(env(), keys);
    },
  };
}
