/** Runs a workflow by name: its input and output types come from its definition in WORKFLOWS. */
import type { WORKFLOW_INFO, WorkflowName } from '../../shared/workflows';
import type { SendPromptResult } from '../llm/promptTypes';
import { callWorkflow } from './call';
import type { InputOf, OutputOf, WorkflowDefinition } from './definition';
import { WORKFLOWS, type Workflows } from './registry';
import type { CallOptions, UnrecordedDeps, WorkflowDeps } from './types';

/** A workflow with a history kind cannot be run without the history its calls are kept in. */
export type DepsOf<N extends WorkflowName> = (typeof WORKFLOW_INFO)[N]['historyKind'] extends null
  ? UnrecordedDeps
  : WorkflowDeps;

export function runWorkflow<N extends WorkflowName>(
  deps: DepsOf<N>,
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
