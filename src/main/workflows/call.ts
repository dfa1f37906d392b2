/** One call of a workflow: its definition and input → the sendPrompt request → the mapped domain value. */
import type { SendPromptRequest, SendPromptResult } from '../llm/promptTypes';
import type { WorkflowDefinition } from './definition';
import type { CallOptions, WorkflowDeps } from './types';

/** The request a definition makes for an input; the options override the definition's defaults. */
export function requestFor<I, D, O>(
  def: WorkflowDefinition<I, D, O>,
  input: I,
  options: CallOptions = {},
): SendPromptRequest {
  const schema =
    typeof def.schema === 'function'
      ? def.schema(input)
      : { schema: def.schema, ...(def.envelope ? { envelope: def.envelope } : {}) };
  const subject = def.subject?.(input);
  const model = options.model ?? def.model;
  return {
    workflow: def.name,
    ...(subject !== undefined ? { subject } : {}),
    prompt: def.prompt(input),
    ...schema,
    ...def.limits,
    ...(options.preview ? { previewWatch: def.previewWatch } : {}),
    ...options,
    ...(model ? { model } : {}),
  };
}

/** Runs the workflow; the mapping's warnings are added to the call's. */
export async function callWorkflow<I, D, O>(
  deps: WorkflowDeps,
  def: WorkflowDefinition<I, D, O>,
  input: I,
  options: CallOptions = {},
): Promise<SendPromptResult<O>> {
  const result = await deps.sendPrompt<D>(requestFor(def, input, options));
  const mapped = def.map(result.data, input);
  const warnings = mapped.warnings?.length ? [...result.warnings, ...mapped.warnings] : result.warnings;
  return { ...result, data: mapped.data, warnings };
}
