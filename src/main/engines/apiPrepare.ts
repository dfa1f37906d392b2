/** What every HTTP API engine checks before a call takes a gate slot: a model, a key, what it cannot do. */
import { PromptError } from '../llm/errors';
import type { ProviderName } from '../../shared/engines';

export function requireModel(provider: ProviderName, model: string | undefined): string {
  if (model) return model;
  throw new PromptError('no_model', {
    detail: `the ${provider} provider has no default model`,
    diagnostics: { provider },
  });
}

/** The key from its environment variable; never logged, never written. */
export function requireKey(
  provider: ProviderName,
  env: NodeJS.ProcessEnv,
  variable: string,
  model?: string,
): string {
  const key = env[variable]?.trim();
  if (key) return key;
  throw new PromptError('no_api_key', {
    detail: `${variable} is not set`,
    diagnostics: { provider, ...(model ? { model } : {}) },
  });
}
