/** What Settings shows of each provider, taken from its own folder's traits (the renderer cannot import main). */
import { PROVIDER_NAMES } from '../../shared/engines';
import { KEYED_PROVIDERS, type KeyedProvider, type ProviderFacts } from '../../shared/engineSettings';
import type { ProviderLookup, ProviderTraits } from './provider';

export function providerFacts(traits: ProviderTraits): ProviderFacts {
  return {
    name: traits.name,
    keyEnvVar: traits.keyEnvVar,
    baseUrl: traits.baseUrl ? { default: traits.baseUrl.default, hint: traits.baseUrl.hint } : null,
    modelHint: traits.modelHint ?? 'model id',
  };
}

/** Every provider's facts, in the registry's order. */
export function allProviderFacts(providers: ProviderLookup): ProviderFacts[] {
  return PROVIDER_NAMES.map((name) => providerFacts(providers(name)));
}

/** The variable each keyed provider reads its API key from, as its traits declare it. */
export function keyVarsOf(providers: ProviderLookup): Readonly<Record<KeyedProvider, string>> {
  const entries = KEYED_PROVIDERS.map((name) => {
    const envVar = providers(name).keyEnvVar;
    if (envVar === null) throw new Error(`${name} is listed as taking a key but its traits name no variable`);
    return [name, envVar] as const;
  });
  return Object.fromEntries(entries) as Record<KeyedProvider, string>;
}
