/** After approval: a ready-to-implement specification (RIS) for one story, from its plan item and the plan. */
import type { Plan, PlanItem } from '../../shared/plans';
import type { ProjectSettings, Story } from '../../shared/stories';
import { planCall } from './analyzeAmbiguities';
import { defineWorkflow } from './definition';
import { describeItem, describePlan, describeStories, withContext } from './promptParts';

export interface RisInput {
  story: Story;
  item: PlanItem;
  plan: Plan;
  project: ProjectSettings;
}

export function risPrompt({ story, item, plan, project }: RisInput): string {
  return withContext(project, [
    'Write a ready-to-implement specification for one story of an approved plan, for a developer or an',
    'AI coding agent who implements it next: its context, objective, where to look in the code, step-by-step',
    'instructions and the conventions to follow, and the whole specification as one markdown document.',
    '',
    '## The story',
    describeStories([story]),
    '',
    '## Its plan item',
    describeItem(item),
    '',
    '## The rest of the plan',
    describePlan({ ...plan, planItems: plan.planItems.filter((i) => i.storyId !== story.id) }),
  ]);
}

export const generateRisWorkflow = defineWorkflow('generateRis', {
  ...planCall(5),
  schema: 'ris',
  previewWatch: [],
  prompt: risPrompt,
  subject: (input: RisInput) => input.story.title,
});
