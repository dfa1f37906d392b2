/**
 * A provider whose engine is not in this build yet: it refuses every call with a typed `provider_unavailable`
 * before anything is started, so the registry names every provider from the first day.
 */
import { PromptError } from '../llm/errors';
import type { Provider, ProviderName } from './provider';

export function notBuiltProvider(name: ProviderName): Provider {
  return {
    name,
    prepare: () =>
      Promise.reject(
        new PromptError('provider_unavailable', { detail: `the ${name} provider is not in this build yet` }),
      ),
  };
}
