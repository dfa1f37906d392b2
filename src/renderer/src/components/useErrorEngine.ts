import type { WorkflowName } from '../../../shared/workflows';
import { engineFor, engineOfError, type EngineInUse } from '../lib/engineWords';
import { useApp } from '../store/StoreContext';

/**
 * The engine an error came from: the provider its details name, else the engine `workflow` is set to use, else
 * none (Claude Code's words).
 */
export function useErrorEngine(details: unknown, workflow?: WorkflowName): EngineInUse | undefined {
  const engines = useApp((s) => s.settings?.engines);
  return engineOfError(details, engines, workflow ? engineFor(engines, workflow) : undefined);
}
