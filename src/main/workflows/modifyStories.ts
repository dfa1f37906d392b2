/**
 * A modify round: the current stories (with their locked flags) and the user's feedback → the revised list, in
 * which locked stories are the originals, unchanged and in place (see mergeLocked).
 */
import type { ProjectSettings, ReviewDraft } from '../../shared/stories';
import { defineWorkflow } from './definition';
import { storiesCall } from './deriveStories';
import { mergeLocked } from './mergeLocked';
import { withContext } from './promptParts';

export interface ModifyInput {
  stories: ReviewDraft[];
  feedback: string;
  project: ProjectSettings;
}

/** One story of the list sent back to the model; `mark` replaces the default (locked or not) heading note. */
export function describeDraft(story: ReviewDraft, index: number, mark?: string): string {
  const note =
    mark ??
    (story.locked ? 'LOCKED: accepted by the user; return it exactly as it is, at this position' : '');
  const head = note ? `### Story ${index + 1} (${note})` : `### Story ${index + 1}`;
  return [
    head,
    `Title: ${story.title}`,
    `Description: ${story.description}`,
    'Acceptance criteria:',
    ...story.acceptanceCriteria.map((c) => `- ${c}`),
  ].join('\n');
}

export function modifyPrompt({ stories, feedback, project }: ModifyInput): string {
  return withContext(project, [
    'Revise the user stories below according to the feedback.',
    '',
    'Rules:',
    '- Return the complete revised list of stories, in order.',
    '- LOCKED stories were accepted: return each of them unchanged, at the same position.',
    '- Change the other stories as the feedback asks; add or remove stories if it asks for that.',
    '- Descriptions read "As a <role>, I want <feature> so that <benefit>"; criteria are testable.',
    '',
    '## Current stories',
    ...stories.map((s, i) => describeDraft(s, i) + '\n'),
    '## Feedback',
    feedback.trim(),
  ]);
}

export const modifyStoriesWorkflow = defineWorkflow('modifyStories', {
  ...storiesCall,
  prompt: modifyPrompt,
  map: (answer, input: ModifyInput) => ({ data: mergeLocked(input.stories, answer) }),
});
