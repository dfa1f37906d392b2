/** The current plan and the user's feedback → a revised plan with its changelog and follow-up questions. */
import type { Plan, SprintQuestions } from '../../shared/plans';
import { planCall, type PlanInput } from './analyzeAmbiguities';
import { defineWorkflow } from './definition';
import { describeAnswers, describePlan, describeStories, STORY_IDS_RULE, withContext } from './promptParts';

export interface RefinePlanInput extends PlanInput {
  plan: Plan;
  feedback: string;
  questions: SprintQuestions | null;
}

export function refinePrompt({ stories, plan, feedback, questions, project }: RefinePlanInput): string {
  const answers = describeAnswers(questions);
  return withContext(project, [
    'Revise the implementation plan below according to the feedback.',
    '',
    'Rules:',
    '- Return the complete revised plan, one item per story.',
    '- List every change you made in the changelog, one entry per change.',
    '- Ask follow-up questions only where the feedback leaves something open.',
    STORY_IDS_RULE,
    '',
    '## Stories',
    describeStories(stories),
    ...(answers ? ['', answers] : []),
    '',
    '## Current plan',
    describePlan(plan),
    '',
    '## Feedback',
    feedback.trim(),
  ]);
}

export const refinePlanWorkflow = defineWorkflow('refinePlan', {
  ...planCall(10),
  schema: 'plan-refinement',
  previewWatch: [['plan', 'planItems']],
  prompt: refinePrompt,
});
