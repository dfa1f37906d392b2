/**
 * A provider whose engine is not in this build yet: it refuses every call (and its model list) with a typed
 * `provider_unavailable` before anything is started, so the registry names every provider from the first day.
 */
import { PromptError } from '../llm/errors';
import type { Provider, ProviderName } from './provider';

export function notBuiltProvider(name: ProviderName): Provider {
  const refuse = () =>
    Promise.reject(
      new PromptError('provider_unavailable', { detail: `the ${name} provider is not in this build yet` }),
    );
  return {
    name,
    words: { who: name, service: `The ${name} service`, status: `the ${name} service's status page` },
    keyEnvVar: null,
    baseUrl: null,
    tierModel: () => undefined,
    support: () => ({ native: false, tool: false, why: 'not in this build' }),
    shapeSchema: (schema) => schema,
    listModels: refuse,
    prepare: refuse,
  };
}
