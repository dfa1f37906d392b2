/**
 * Prompt text for the stories workflows. Every call attaches an output schema, so the prompts say WHAT to
 * produce, never how to format it: no JSON, code fences or field lists (the CLI's StructuredOutput tool
 * carries the format, and inline format instructions make models answer in prose-wrapped JSON).
 */
import type { ProjectSettings, ReviewDraft } from '../../shared/stories';

/** The project context block, or nothing when the project has no description or conventions yet. */
export function projectContext(settings: ProjectSettings): string {
  const parts: string[] = [];
  if (settings.description.trim()) parts.push(`## About the project\n${settings.description.trim()}`);
  if (settings.conventions.trim()) parts.push(`## Project conventions\n${settings.conventions.trim()}`);
  return parts.join('\n\n');
}

function withContext(settings: ProjectSettings, body: string[]): string {
  const context = projectContext(settings);
  return [...(context ? [context, ''] : []), ...body].join('\n');
}

export function derivePrompt(request: string, settings: ProjectSettings): string {
  return withContext(settings, [
    'Turn the feature request below into user stories for this project.',
    '',
    'Guidelines:',
    '- Each story is small, independent and delivers value on its own.',
    '- The title is short and descriptive.',
    '- The description reads "As a <role>, I want <feature> so that <benefit>".',
    '- Acceptance criteria are concrete, testable conditions; one condition each.',
    '- Cover the whole request, and nothing the request does not ask for.',
    '',
    '## Feature request',
    request.trim(),
  ]);
}

function describeStory(story: ReviewDraft, index: number): string {
  const head = story.locked
    ? `### Story ${index + 1} (LOCKED: accepted by the user; return it exactly as it is, at this position)`
    : `### Story ${index + 1}`;
  return [
    head,
    `Title: ${story.title}`,
    `Description: ${story.description}`,
    'Acceptance criteria:',
    ...story.acceptanceCriteria.map((c) => `- ${c}`),
  ].join('\n');
}

export function modifyPrompt(stories: ReviewDraft[], feedback: string, settings: ProjectSettings): string {
  return withContext(settings, [
    'Revise the user stories below according to the feedback.',
    '',
    'Rules:',
    '- Return the complete revised list of stories, in order.',
    '- LOCKED stories were accepted: return each of them unchanged, at the same position.',
    '- Change the other stories as the feedback asks; add or remove stories if it asks for that.',
    '- Descriptions read "As a <role>, I want <feature> so that <benefit>"; criteria are testable.',
    '',
    '## Current stories',
    ...stories.map((s, i) => describeStory(s, i) + '\n'),
    '## Feedback',
    feedback.trim(),
  ]);
}

export function titlePrompt(text: string): string {
  const excerpt = text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
  return [
    'Give a short title (2 to 5 words) that names what this request is about.',
    '',
    '## Request',
    excerpt.trim(),
  ].join('\n');
}

export function plainPromptText(request: string, settings: ProjectSettings): string {
  const context = projectContext(settings);
  return context ? `${context}\n\n## Request\n${request.trim()}` : request;
}
