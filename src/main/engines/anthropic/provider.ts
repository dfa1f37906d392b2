/** The `anthropic` provider: a placeholder until the Messages API engine lands here. */
import { notBuiltProvider } from '../notBuilt';
import type { Provider } from '../provider';
import type { EngineDeps } from '../registry';

export function createAnthropicProvider(_deps: EngineDeps): Provider {
  return notBuiltProvider('anthropic');
}
