/**
 * One story of a review rewritten, the others settled (as plans regenerate one item): the model sees the whole
 * list for context and answers with the one story; every other story comes back exactly as it was sent, in place.
 */
import type { ProjectSettings, ReviewDraft } from '../../shared/stories';
import { ServiceError } from '../base/errors';
import { defineWorkflow } from './definition';
import { storiesCall } from './deriveStories';
import { describeDraft } from './modifyStories';
import { withContext } from './promptParts';

export interface RegenerateStoryInput {
  stories: ReviewDraft[];
  /** 0-based position of the story to rewrite. */
  index: number;
  feedback?: string;
  project: ProjectSettings;
}

export function regenerateStoryPrompt({ stories, index, feedback, project }: RegenerateStoryInput): string {
  const n = index + 1;
  return withContext(project, [
    `Rewrite story ${n} only. The other stories are settled and stay as they are.`,
    '',
    'Rules:',
    `- Return exactly one story: the new version of story ${n}.`,
    '- Keep it consistent with the other stories: do not repeat what they already cover.',
    '- The description reads "As a <role>, I want <feature> so that <benefit>"; criteria are testable.',
    '',
    '## Current stories',
    ...stories.map((s, i) => describeDraft(s, i, i === index ? 'REWRITE THIS ONE' : 'settled') + '\n'),
    ...(feedback?.trim() ? ['## What to change', feedback.trim()] : []),
  ]);
}

/** The sent list with the story at `index` replaced; the others are fresh copies of what was sent. */
export function replaceStory(sent: readonly ReviewDraft[], index: number, fresh: ReviewDraft): ReviewDraft[] {
  return sent.map((s, i) =>
    i === index
      ? fresh
      : {
          title: s.title,
          description: s.description,
          acceptanceCriteria: [...s.acceptanceCriteria],
          locked: s.locked,
        },
  );
}

export const regenerateStoryWorkflow = defineWorkflow('regenerateStory', {
  ...storiesCall,
  prompt: regenerateStoryPrompt,
  subject: (input: RegenerateStoryInput) => input.stories[input.index]?.title,
  map: (answer, input) => {
    const [first] = answer;
    if (!first)
      throw new ServiceError('validation_failed', 'The model returned no story; nothing was changed.');
    const fresh: ReviewDraft = {
      title: first.title,
      description: first.description,
      acceptanceCriteria: [...first.acceptanceCriteria],
      locked: false,
    };
    const extra = answer.length - 1;
    return {
      data: replaceStory(input.stories, input.index, fresh),
      ...(extra > 0
        ? {
            warnings: [
              `The model returned ${extra} extra ${extra === 1 ? 'story' : 'stories'}; only the first was kept.`,
            ],
          }
        : {}),
    };
  },
});
