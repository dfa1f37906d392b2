/** One call of a workflow: its definition and input → the sendPrompt request → the mapped domain value. */
import { groundingRequestOf } from '../llm/grounding/groundingRequest';
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
  const { grounding: offered, ...rest } = options;
  // A definition's model is a Claude Code alias (the title's `haiku`): the claude-cli provider's choice only.
  const claudeModel = rest.model ? undefined : def.model;
  const grounding = def.grounded ? offered : undefined;
  const conversation = def.turns?.(input);
  const prompt = conversation?.prompt ?? def.prompt(input);
  return {
    workflow: def.name,
    ...(subject !== undefined ? { subject } : {}),
    prompt: grounding?.promptSection ? `${prompt}\n\n${grounding.promptSection}` : prompt,
    ...(conversation ? { history: conversation.history } : {}),
    ...schema,
    ...def.limits,
    ...(rest.preview ? { previewWatch: def.previewWatch } : {}),
    ...rest,
    ...(claudeModel ? { claudeModel } : {}),
    ...(grounding ? { grounding: groundingRequestOf(grounding) } : {}),
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
