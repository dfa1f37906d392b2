/** Before planning: what is ambiguous in the sprint's stories, as questions with suggested answers. */
import type { ProjectSettings, Story } from '../../shared/stories';
import { defineWorkflow } from './definition';
import { describeStories, STORY_IDS_RULE, withContext } from './promptParts';

/** What every plan-making call starts from: the sprint's stories and the project's context. */
export interface PlanInput {
  stories: Story[];
  project: ProjectSettings;
}

/** Plans are longer answers than stories; a schema retry must still fit. */
export const PLAN_MAX_TURNS = 3;

/** How every planning-stage call runs: it looks in the project, with the plan's turns and its own time limit. */
export function planCall(timeoutMinutes: number) {
  return {
    grounded: true,
    limits: { maxTurns: PLAN_MAX_TURNS, timeoutMs: timeoutMinutes * 60_000 },
  } as const;
}

export function ambiguityPrompt({ stories, project }: PlanInput): string {
  return withContext(project, [
    'Before these user stories are planned, find what is ambiguous in them.',
    '',
    'Guidelines:',
    '- Ask only questions whose answer changes how a story is implemented; say why for each.',
    '- Offer a few likely answers the user can pick as suggestions.',
    '- Give each question a priority; ask nothing when the stories are clear.',
    STORY_IDS_RULE,
    '',
    '## Stories',
    describeStories(stories),
  ]);
}

export const analyzeAmbiguitiesWorkflow = defineWorkflow('analyzeAmbiguities', {
  ...planCall(3),
  schema: 'ambiguities',
  previewWatch: [['questions']],
  prompt: ambiguityPrompt,
});
