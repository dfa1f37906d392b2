/** The sprint's stories (and the answers to their questions) → an implementation plan, one item per story. */
import type { SprintQuestions } from '../../shared/plans';
import { planCall, type PlanInput } from './analyzeAmbiguities';
import { defineWorkflow } from './definition';
import { describeAnswers, describeStories, STORY_IDS_RULE, withContext } from './promptParts';

export interface GeneratePlanInput extends PlanInput {
  questions: SprintQuestions | null;
}

export function planPrompt({ stories, questions, project }: GeneratePlanInput): string {
  const answers = describeAnswers(questions);
  return withContext(project, [
    'Write an implementation plan for these user stories in this project.',
    '',
    'Guidelines:',
    '- One plan item per story, with the approach, the files it creates and the files it modifies.',
    '- Files modified must already exist in the project; files created must not. Paths are relative to its root.',
    '- Dependencies name the stories that must be implemented first; there must be no cycle.',
    '- List components several stories share, the risks, and the implementation order of all stories.',
    STORY_IDS_RULE,
    '',
    '## Stories',
    describeStories(stories),
    ...(answers ? ['', answers] : []),
  ]);
}

export const generatePlanWorkflow = defineWorkflow('generatePlan', {
  ...planCall(10),
  schema: 'plan',
  previewWatch: [['planItems']],
  prompt: planPrompt,
});
