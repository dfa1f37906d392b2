/**
 * One story's plan item rewritten, the others settled. The plan schema scoped to that story: the answer must
 * hold an item for it (other items it returns are ignored by the merge, which keeps the current ones).
 */
import type { Plan } from '../../shared/plans';
import { ServiceError } from '../base/errors';
import { planCall, type PlanInput } from './analyzeAmbiguities';
import { defineWorkflow } from './definition';
import { describePlan, describeStories, STORY_IDS_RULE, withContext } from './promptParts';

export interface RegenerateItemInput extends PlanInput {
  plan: Plan;
  storyId: string;
  feedback?: string;
}

export function regenerateItemPrompt({
  stories,
  plan,
  storyId,
  feedback,
  project,
}: RegenerateItemInput): string {
  return withContext(project, [
    `Rewrite the plan item of story ${storyId} only. The other items are settled and stay as they are.`,
    '',
    'Rules:',
    `- The plan you return holds exactly one item, for story ${storyId}.`,
    '- Keep it consistent with the other items: their files, shared components and order.',
    '- Shared components, risks and implementation order may mention the other stories as they stand.',
    STORY_IDS_RULE,
    '',
    '## Stories',
    describeStories(stories),
    '',
    '## Current plan',
    describePlan(plan),
    ...(feedback?.trim() ? ['', '## What to change', feedback.trim()] : []),
  ]);
}

export const regeneratePlanItemWorkflow = defineWorkflow('regeneratePlanItem', {
  ...planCall(10),
  schema: 'plan',
  previewWatch: [['planItems']],
  prompt: regenerateItemPrompt,
  subject: (input: RegenerateItemInput) =>
    input.stories.find((s) => s.id === input.storyId)?.title ?? input.storyId,
  map: (plan, input) => {
    if (!plan.planItems.some((i) => i.storyId === input.storyId))
      throw new ServiceError(
        'no_item_for_story',
        `The model's answer has no plan item for story ${input.storyId}; the plan was left unchanged.`,
      );
    return { data: plan };
  },
});
