/**
 * Every provider by name, typed like EVALUATORS: a name without a provider does not compile. Each entry builds
 * its provider once per sendPrompt from the shared engine deps; a provider lives in its own folder
 * (src/main/engines/<name>/provider.ts).
 */
import type { Logger } from '../core/logger';
import type { RetryPolicy } from '../llm/retry';
import { createAnthropicProvider } from './anthropic/provider';
import { createBedrockProvider } from './bedrock/provider';
import { createClaudeCliProvider, type ClaudeCliDeps } from './claude-cli/provider';
import { createGeminiProvider } from './gemini/provider';
import { createOllamaProvider } from './ollama/provider';
import { createOpenAiProvider } from './openai/provider';
import type { Provider, ProviderName } from './provider';

/** What every provider may use; `cli` is the claude-cli provider's own. */
export interface EngineDeps {
  logger: Logger;
  /** The environment keys and default hosts are read from (ANTHROPIC_API_KEY, OLLAMA_HOST...). */
  env: () => NodeJS.ProcessEnv;
  /** The CLI's environment: without the keys stored in the keychain (the CLI uses its own login). Default: env. */
  cliEnv?: () => NodeJS.ProcessEnv;
  /** The one retry budget of a call: client libraries' own retries stay off. */
  retryPolicy: RetryPolicy;
  cli: Omit<ClaudeCliDeps, 'logger' | 'env' | 'retryPolicy'>;
}

export const PROVIDERS: Readonly<Record<ProviderName, (deps: EngineDeps) => Provider>> = {
  'claude-cli': (deps) =>
    createClaudeCliProvider({
      ...deps.cli,
      logger: deps.logger,
      env: deps.cliEnv ?? deps.env,
      retryPolicy: deps.retryPolicy,
    }),
  anthropic: createAnthropicProvider,
  openai: createOpenAiProvider,
  ollama: createOllamaProvider,
  gemini: createGeminiProvider,
  bedrock: createBedrockProvider,
};
