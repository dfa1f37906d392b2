/**
 * sendPrompt over the real providers, wired the way the composition root wires them (app/services.ts), from the
 * options tests and benches give: the CLI's (locate, spawn, kill...) and the API engines' environment. `replace`
 * puts a scripted provider in a name's place.
 */
import type { ProviderName } from '../../src/shared/engines';
import type { ClaudeCliDeps } from '../../src/main/engines/claude-cli/provider';
import type { Provider } from '../../src/main/engines/provider';
import { createProviders } from '../../src/main/engines/registry';
import type { SendPrompt } from '../../src/main/llm/promptTypes';
import { createSendPrompt, type SendPromptDeps } from '../../src/main/llm/sendPrompt';

export type EngineSendPromptOptions = Omit<SendPromptDeps, 'providers'> &
  Omit<ClaudeCliDeps, 'logger' | 'retryPolicy'> & {
    /** The API engines' environment (default: `env`, else this process's). */
    apiEnv?: () => NodeJS.ProcessEnv;
    replace?: Partial<Record<ProviderName, Provider>>;
  };

export function engineSendPrompt(opts: EngineSendPromptOptions): SendPrompt {
  const { gate, logger, settings, previewParser, retry, defaultTimeoutMs, apiEnv, replace, ...cli } = opts;
  const providers = createProviders(
    {
      logger: logger.child('sendPrompt'),
      env: apiEnv ?? cli.env ?? (() => process.env),
      ...(retry?.policy ? { retryPolicy: retry.policy } : {}),
      cli,
    },
    replace,
  );
  return createSendPrompt({
    gate,
    logger,
    settings,
    providers,
    ...(previewParser ? { previewParser } : {}),
    ...(retry ? { retry } : {}),
    ...(defaultTimeoutMs !== undefined ? { defaultTimeoutMs } : {}),
  });
}
