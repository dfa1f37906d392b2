/** 3–8 checks over the project files for one story, each tied to an acceptance criterion by `criterion`. */
import type { PlanItem } from '../../shared/plans';
import type { ProjectSettings, Story } from '../../shared/stories';
import { planCall } from './analyzeAmbiguities';
import { toAssertions } from './assertionDrafts';
import { defineWorkflow } from './definition';
import { describeItem, describeStories, withContext } from './promptParts';

export const MIN_STORY_ASSERTIONS = 3;
export const MAX_STORY_ASSERTIONS = 8;

export interface StoryAssertionsInput {
  story: Story;
  item: PlanItem | undefined;
  project: ProjectSettings;
}

export function storyAssertionsPrompt({ story, item, project }: StoryAssertionsInput): string {
  return withContext(project, [
    `Write between ${MIN_STORY_ASSERTIONS} and ${MAX_STORY_ASSERTIONS} checks over the project files that prove this story was implemented.`,
    '',
    'Rules:',
    '- Each check proves one acceptance criterion; name it by "AC<n>" as numbered below.',
    '- Cover every acceptance criterion.',
    '- A check must fail on the code as it is today and pass once the story is done.',
    '- Target the files of the plan item; paths are relative to the project root.',
    '',
    '## The story',
    describeStories([story]),
    ...(item ? ['', '## Its plan item', describeItem(item)] : []),
  ]);
}

export const generateStoryAssertionsWorkflow = defineWorkflow('generateStoryAssertions', {
  ...planCall(5),
  schema: 'assertions',
  previewWatch: [['assertions']],
  prompt: storyAssertionsPrompt,
  subject: (input: StoryAssertionsInput) => input.story.title,
  map: ({ assertions: drafts }) => {
    const warnings: string[] = [];
    // The schema allows up to 30; the story view is meant to stay reviewable, so extra ones are dropped.
    if (drafts.length > MAX_STORY_ASSERTIONS)
      warnings.push(
        `The model wrote ${drafts.length} assertions; the first ${MAX_STORY_ASSERTIONS} were kept.`,
      );
    if (drafts.length < MIN_STORY_ASSERTIONS)
      warnings.push(
        `The model wrote only ${drafts.length} assertion(s); ${MIN_STORY_ASSERTIONS} were asked for.`,
      );
    return { data: toAssertions(drafts.slice(0, MAX_STORY_ASSERTIONS)), warnings };
  },
});
