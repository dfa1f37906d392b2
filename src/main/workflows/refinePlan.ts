/** The current plan and the user's feedback → a revised plan with its changelog and follow-up questions. */
import type { Plan, SprintQuestions } from '../../shared/plans';
import { planCall, type PlanInput } from './analyzeAmbiguities';
import { defineWorkflow, type Conversation } from './definition';
import { planPrompt } from './generatePlan';
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

/**
 * The round as a conversation: the plan request, the current plan as the model's own previous answer (the plan
 * schema's shape), then the feedback.
 */
export function refineTurns(input: RefinePlanInput): Conversation {
  const { stories, questions, project, plan, feedback } = input;
  return {
    history: [
      { role: 'user', content: planPrompt({ stories, questions, project }) },
      { role: 'assistant', content: JSON.stringify(plan) },
    ],
    prompt: [
      'Revise your plan above according to the feedback. It is the current plan.',
      '',
      'Rules:',
      '- Return the complete revised plan, one item per story.',
      '- List every change you made in the changelog, one entry per change.',
      '- Ask follow-up questions only where the feedback leaves something open.',
      STORY_IDS_RULE,
      '',
      '## Feedback',
      feedback.trim(),
    ].join('\n'),
  };
}

export const refinePlanWorkflow = defineWorkflow('refinePlan', {
  turns: refineTurns,
  ...planCall(10),
  schema: 'plan-refinement',
  previewWatch: [['plan', 'planItems']],
  prompt: refinePrompt,
});
