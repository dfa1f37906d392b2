/** The plan-making calls of the CRE (seed 000): ambiguities, plan, refinement, one item regenerated. */
import type { AmbiguitiesOutput, Plan, PlanRefinementOutput } from '../../shared/schema-types';
import type { SprintQuestions } from '../../shared/plans';
import type { ProjectSettings, Story } from '../../shared/stories';
import { ServiceError } from '../core/errors';
import type { SendPromptResult } from '../llm/promptTypes';
import type { CallOptions, WorkflowDeps } from '../workflows/types';
import { ambiguityPrompt, planPrompt, refinePrompt, regenerateItemPrompt } from './planPrompts';

/** Plans are longer answers than stories; a schema retry must still fit. */
export const PLAN_MAX_TURNS = 3;

export interface PlanInput {
  stories: Story[];
  project: ProjectSettings;
}

export function analyzeAmbiguities(
  deps: WorkflowDeps,
  input: PlanInput,
  options: CallOptions = {},
): Promise<SendPromptResult<AmbiguitiesOutput>> {
  return deps.sendPrompt({
    workflow: 'analyzeAmbiguities',
    schema: 'ambiguities',
    prompt: ambiguityPrompt(input.stories, input.project),
    maxTurns: PLAN_MAX_TURNS,
    ...options,
  });
}

export function generatePlan(
  deps: WorkflowDeps,
  input: PlanInput & { questions: SprintQuestions | null },
  options: CallOptions = {},
): Promise<SendPromptResult<Plan>> {
  return deps.sendPrompt({
    workflow: 'generatePlan',
    schema: 'plan',
    prompt: planPrompt(input.stories, input.questions, input.project),
    maxTurns: PLAN_MAX_TURNS,
    ...options,
  });
}

export function refinePlan(
  deps: WorkflowDeps,
  input: PlanInput & { plan: Plan; feedback: string; questions: SprintQuestions | null },
  options: CallOptions = {},
): Promise<SendPromptResult<PlanRefinementOutput>> {
  return deps.sendPrompt({
    workflow: 'refinePlan',
    schema: 'plan-refinement',
    prompt: refinePrompt(input.stories, input.plan, input.feedback, input.questions, input.project),
    maxTurns: PLAN_MAX_TURNS,
    ...options,
  });
}

/**
 * The plan schema scoped to one story: the answer must hold an item for that story (other items it returns
 * are ignored by the merge, which keeps the current ones).
 */
export async function regeneratePlanItem(
  deps: WorkflowDeps,
  input: PlanInput & { plan: Plan; storyId: string; feedback?: string },
  options: CallOptions = {},
): Promise<SendPromptResult<Plan>> {
  const result = await deps.sendPrompt({
    workflow: 'regeneratePlanItem',
    subject: input.stories.find((s) => s.id === input.storyId)?.title ?? input.storyId,
    schema: 'plan',
    prompt: regenerateItemPrompt(input.stories, input.plan, input.storyId, input.feedback, input.project),
    maxTurns: PLAN_MAX_TURNS,
    ...options,
  });
  if (!result.data.planItems.some((i) => i.storyId === input.storyId))
    throw new ServiceError(
      'no_item_for_story',
      `The model's answer has no plan item for story ${input.storyId}; the plan was left unchanged.`,
    );
  return result;
}
