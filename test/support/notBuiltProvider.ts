/**
 * A provider that refuses every call (and its model list) with a typed `provider_unavailable` before anything is
 * started: the stand-in for the providers a pipeline test does not use.
 */
import { PromptError } from '../../src/main/llm/errors';
import type { Provider, ProviderName } from '../../src/main/engines/provider';

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
