/** The `openai` provider: a placeholder until its engine lands here (see /work/wt/SEAM.md and README "Engines"). */
import { notBuiltProvider } from '../notBuilt';
import type { Provider } from '../provider';
import type { EngineDeps } from '../registry';

export function createOpenAiProvider(_deps: EngineDeps): Provider {
  return notBuiltProvider('openai');
}
