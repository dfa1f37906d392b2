/**
 * Handlers of the channels derived from workflow actions (src/shared/ipc/workflowChannels.ts): each runs its
 * workflow with the request as input through the root's workflow runner, which records the call in the opened
 * project's History when the workflow declares a kind. No handler is written per workflow.
 */
import {
  WORKFLOW_ACTIONS,
  type WorkflowActionResult,
  type WorkflowSchemas,
} from '../../shared/ipc/workflowChannels';
import type { NamedAction } from '../../shared/workflowActions';
import type { WorkflowName } from '../../shared/workflows';
import type { SendPromptResult } from '../llm/promptTypes';
import type { CallContext, Handlers } from './dispatcher';
import { runMeta } from './promptRuns';
import type { Services } from './services';

/** Runs one workflow by name on an input the contract has checked against its action's request schema. */
export type RunAction = (workflow: string, input: unknown) => Promise<SendPromptResult<unknown>>;

type ActionHandler = (request: unknown, ctx: CallContext) => Promise<WorkflowActionResult<unknown>>;

/** One handler per action, keyed by its channel. */
export function actionHandlers(
  actions: readonly NamedAction[],
  run: RunAction,
): Record<string, ActionHandler> {
  return Object.fromEntries(
    actions.map((a): [string, ActionHandler] => [
      a.channel,
      async (request) => {
        const r = await run(a.workflow, request);
        return { data: r.data, source: r.source, warnings: r.warnings, meta: runMeta(r.meta) };
      },
    ]),
  );
}

export function workflowHandlers(services: Services): Pick<Handlers, keyof WorkflowSchemas> {
  // The input's type is the action's request type, which the registry checks against the definition's input.
  const run: RunAction = (workflow, input) =>
    services.workflows.run(workflow as WorkflowName, input as never);
  return actionHandlers(WORKFLOW_ACTIONS, run) as unknown as Pick<Handlers, keyof WorkflowSchemas>;
}
