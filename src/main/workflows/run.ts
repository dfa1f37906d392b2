/** Runs a workflow by name: its input and output types come from its definition in WORKFLOWS. */
import type { WorkflowName } from '../../shared/workflows';
import type { SendPromptResult } from '../llm/promptTypes';
import { callWorkflow } from './call';
import type { InputOf, OutputOf, WorkflowDefinition } from './definition';
import { WORKFLOWS, type Workflows } from './registry';
import type { CallOptions, WorkflowDeps } from './types';

export function runWorkflow<N extends WorkflowName>(
  deps: WorkflowDeps,
  name: N,
  input: InputOf<Workflows[N]>,
  options: CallOptions = {},
): Promise<SendPromptResult<OutputOf<Workflows[N]>>> {
  // WORKFLOWS[name] is typed as the union of every definition: TypeScript cannot tie it back to N's own input
  // and output, which the registry's `satisfies` check guarantees.
  const def = WORKFLOWS[name] as unknown as WorkflowDefinition<
    InputOf<Workflows[N]>,
    unknown,
    OutputOf<Workflows[N]>
  >;
  return callWorkflow(deps, def, input, options);
}
