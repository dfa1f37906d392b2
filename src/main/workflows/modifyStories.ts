/**
 * A modify round: the current stories (with their locked flags) and the user's feedback → the revised list, in
 * which locked stories are the originals, unchanged and in place (see mergeLocked).
 */
import type { ProjectSettings, ReviewDraft } from '../../shared/stories';
import { defineWorkflow, type Conversation } from './definition';
import { derivePrompt, storiesCall } from './deriveStories';
import { mergeLocked } from './mergeLocked';
import { withContext } from './promptParts';

export interface ModifyInput {
  stories: ReviewDraft[];
  feedback: string;
  project: ProjectSettings;
  /** The feature request the review started from: with it, the round is a conversation (modifyTurns). */
  request?: string;
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

/** Which stories are locked, by position, as the follow-up's rule says it. */
function lockedRule(stories: ReviewDraft[]): string {
  const locked = stories.flatMap((s, i) => (s.locked ? [String(i + 1)] : []));
  if (locked.length === 0) return '- No story is locked: any of them may change.';
  const which = locked.length === 1 ? `Story ${locked[0]} is` : `Stories ${locked.join(', ')} are`;
  return `- ${which} LOCKED (accepted by the user): return each exactly as it is, at the same position.`;
}

/**
 * The round as a conversation: the original request, the current stories as the model's own previous answer (in
 * the schema's shape), then the feedback. Without the original request, the one-text prompt (modifyPrompt).
 */
export function modifyTurns(input: ModifyInput): Conversation | undefined {
  if (!input.request?.trim()) return undefined;
  const answer = {
    stories: input.stories.map(({ title, description, acceptanceCriteria }) => ({
      title,
      description,
      acceptanceCriteria,
    })),
  };
  return {
    history: [
      { role: 'user', content: derivePrompt({ request: input.request, project: input.project }) },
      { role: 'assistant', content: JSON.stringify(answer) },
    ],
    prompt: [
      'Revise your stories above according to the feedback. They are the current list: the user may have edited them.',
      '',
      'Rules:',
      '- Return the complete revised list of stories, in order.',
      lockedRule(input.stories),
      '- Change the other stories as the feedback asks; add or remove stories if it asks for that.',
      '- Descriptions read "As a <role>, I want <feature> so that <benefit>"; criteria are testable.',
      '',
      '## Feedback',
      input.feedback.trim(),
    ].join('\n'),
  };
}

export const modifyStoriesWorkflow = defineWorkflow('modifyStories', {
  ...storiesCall,
  prompt: modifyPrompt,
  turns: modifyTurns,
  map: (answer, input: ModifyInput) => ({ data: mergeLocked(input.stories, answer) }),
});
