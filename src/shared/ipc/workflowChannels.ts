/**
 * Contract channels derived from the workflows that declare an `action` (src/shared/workflows.ts): one channel
 * per such workflow, its request the workflow's input, its answer the workflow's value with the call's source,
 * warnings and meta. Nothing here is written per workflow.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { GenerationSource } from '../stories';
import { actionSchemas, workflowActions, type NamedAction, type WorkflowAction } from '../workflowActions';
import { WORKFLOW_INFO, type WorkflowName } from '../workflows';
import type { PromptRunMeta } from './promptChannels';

type InfoOf<N extends WorkflowName> = (typeof WORKFLOW_INFO)[N];

/** The workflows that declare an action. */
export type ActionWorkflow = {
  [N in WorkflowName]: InfoOf<N> extends { action: WorkflowAction } ? N : never;
}[WorkflowName];
type ActionOf<N extends ActionWorkflow> =
  InfoOf<N> extends { action: infer A extends WorkflowAction } ? A : never;

/** A workflow's input (its channel's request) and its value (the answer's `data`), from its declared schemas. */
export type ActionInputOf<N extends ActionWorkflow> = FromSchema<ActionOf<N>['input']>;
export type ActionOutputOf<N extends ActionWorkflow> = FromSchema<ActionOf<N>['output']>;

/** What a workflow's channel answers: its value, and how the call went. */
export interface WorkflowActionResult<D> {
  data: D;
  source: GenerationSource;
  warnings: string[];
  meta: PromptRunMeta;
}

/** Every workflow action, with the workflow it runs. */
export const WORKFLOW_ACTIONS: readonly NamedAction[] = workflowActions(WORKFLOW_INFO);

/** Keyed by each action's channel (none at all when no workflow declares one). */
type ByChannel<T extends { [N in ActionWorkflow]: unknown }> = [ActionWorkflow] extends [never]
  ? Record<never, never>
  : { [N in ActionWorkflow as ActionOf<N>['channel']]: T[N] };

export type WorkflowSchemas = ByChannel<{ [N in ActionWorkflow]: ActionOf<N>['input'] }>;
export const workflowSchemas = actionSchemas(WORKFLOW_ACTIONS) as WorkflowSchemas;

export type WorkflowResponses = ByChannel<{ [N in ActionWorkflow]: WorkflowActionResult<ActionOutputOf<N>> }>;

/** The channels of the workflow actions, and the value each answers. */
export type WorkflowChannel = keyof WorkflowSchemas;
export type WorkflowValue<C extends WorkflowChannel> =
  WorkflowResponses[C] extends WorkflowActionResult<infer D> ? D : never;
