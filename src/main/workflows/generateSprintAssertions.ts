/** The sprint-wide map storyId → checks, favouring how the stories fit together; unknown keys are dropped. */
import type { Assertion } from '../../shared/assertions';
import type { Plan } from '../../shared/plans';
import { planCall, type PlanInput } from './analyzeAmbiguities';
import { toAssertions } from './assertionDrafts';
import { defineWorkflow } from './definition';
import { describePlan, describeStories, withContext } from './promptParts';

export interface SprintAssertionsInput extends PlanInput {
  plan: Plan;
}

export function sprintAssertionsPrompt({ stories, plan, project }: SprintAssertionsInput): string {
  return withContext(project, [
    'Write checks over the project files that prove this sprint was implemented, keyed by story id.',
    '',
    'Rules:',
    '- Give every story a few checks; each proves one of its acceptance criteria, named "AC<n>".',
    '- Prefer checks of how the stories fit together: shared components, wiring, registration.',
    '- A check must fail on the code as it is today and pass once the sprint is done.',
    '',
    '## Stories',
    describeStories(stories),
    '',
    '## Approved plan',
    describePlan(plan),
  ]);
}

export const generateSprintAssertionsWorkflow = defineWorkflow('generateSprintAssertions', {
  ...planCall(10),
  schema: 'sprint-assertions',
  previewWatch: [['*']], // one array per story id
  prompt: sprintAssertionsPrompt,
  map: (answer, input: SprintAssertionsInput) => {
    const known = new Set(input.stories.map((s) => s.id));
    const data: Record<string, Assertion[]> = {};
    const warnings: string[] = [];
    for (const [storyId, drafts] of Object.entries(answer)) {
      if (known.has(storyId)) data[storyId] = toAssertions(drafts, 'S');
      else warnings.push(`Sprint assertions for unknown story "${storyId}" were dropped.`);
    }
    return { data, warnings };
  },
});
