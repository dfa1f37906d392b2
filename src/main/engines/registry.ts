/**
 * Every provider by name, typed like EVALUATORS: a name without a provider does not compile. The composition root
 * builds them once (createProviders) with what each needs, the CLI's own options included, and hands sendPrompt
 * the lookup; a provider lives in its own folder (src/main/engines/<name>/: traits.ts, provider.ts).
 */
import type { ProviderName } from '../../shared/engines';
import type { Logger } from '../base/logger';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../llm/retry';
import { createAnthropicProvider } from './anthropic/provider';
import { createBedrockProvider } from './bedrock/provider';
import { createClaudeCliProvider, type ClaudeCliDeps } from './claude-cli/provider';
import { createGeminiProvider } from './gemini/provider';
import { createOllamaProvider } from './ollama/provider';
import { createOpenAiProvider } from './openai/provider';
import type { Provider, ProviderLookup } from './provider';

/** What every provider may use; `cli` is the claude-cli provider's own. */
export interface EngineDeps {
  logger: Logger;
  /** The environment keys and default hosts are read from (ANTHROPIC_API_KEY, OLLAMA_HOST...). */
  env: () => NodeJS.ProcessEnv;
  /** The one retry budget of a call (sendPrompt's): client libraries' own retries stay off. */
  retryPolicy: RetryPolicy;
}

/** What createProviders is given: the shared deps, and the CLI's own options (its environment has no API keys). */
export interface ProvidersOptions extends Omit<EngineDeps, 'retryPolicy'> {
  retryPolicy?: RetryPolicy;
  cli: Omit<ClaudeCliDeps, 'logger' | 'retryPolicy'>;
}

export const PROVIDERS: Readonly<
  Record<ProviderName, (deps: EngineDeps, opts: ProvidersOptions) => Provider>
> = {
  'claude-cli': (deps, opts) =>
    createClaudeCliProvider({ ...opts.cli, logger: deps.logger, retryPolicy: deps.retryPolicy }),
  anthropic: createAnthropicProvider,
  openai: createOpenAiProvider,
  ollama: createOllamaProvider,
  gemini: createGeminiProvider,
  bedrock: createBedrockProvider,
};

/** Each provider built on first use and kept; `replace` puts another in a name's place (tests). */
export function createProviders(
  opts: ProvidersOptions,
  replace: Partial<Record<ProviderName, Provider>> = {},
): ProviderLookup {
  const deps: EngineDeps = {
    logger: opts.logger,
    env: opts.env,
    retryPolicy: opts.retryPolicy ?? DEFAULT_RETRY_POLICY,
  };
  const built = new Map<ProviderName, Provider>();
  return (name) => {
    let p = replace[name] ?? built.get(name);
    if (!p) built.set(name, (p = PROVIDERS[name](deps, opts)));
    return p;
  };
}
