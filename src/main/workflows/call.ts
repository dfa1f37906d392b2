/** One call of a workflow: its definition and input → the sendPrompt request → the mapped domain value. */
import { groundingRequestOf } from '../llm/grounding/groundingRequest';
import type { SendPromptRequest, SendPromptResult } from '../llm/promptTypes';
import type { WorkflowDefinition } from './definition';
import type { CallOptions, UnrecordedDeps } from './types';

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
    ...(def.tier && !rest.model ? { tier: def.tier } : {}),
    ...(grounding ? { grounding: groundingRequestOf(grounding) } : {}),
  };
}

/**
 * Runs the workflow; the mapping's warnings are added to the call's. A workflow that declares a history kind is
 * kept in `deps.history` whoever calls it: without one the call is refused rather than silently not recorded.
 */
export async function callWorkflow<I, D, O>(
  deps: UnrecordedDeps,
  def: WorkflowDefinition<I, D, O>,
  input: I,
  options: CallOptions = {},
): Promise<SendPromptResult<O>> {
  const send = async (request: SendPromptRequest): Promise<SendPromptResult<O>> => {
    const result = await deps.sendPrompt<D>(request);
    const mapped = def.map(result.data, input);
    const warnings = mapped.warnings?.length ? [...result.warnings, ...mapped.warnings] : result.warnings;
    return { ...result, data: mapped.data, warnings };
  };
  const request = requestFor(def, input, options);
  if (!def.historyKind) return send(request);
  if (!deps.history) throw new Error(`Workflow ${def.name} keeps its calls in History but was given none.`);
  return deps.history.record({ kind: def.historyKind, request }, send);
}
