/** Feature request → user story drafts (the stories schema, unwrapped from its `{stories}` envelope). */
import type { ProjectSettings } from '../../shared/stories';
import { defineWorkflow } from './definition';
import { withContext } from './promptParts';

export interface DeriveInput {
  request: string;
  project: ProjectSettings;
}

export function derivePrompt({ request, project }: DeriveInput): string {
  return withContext(project, [
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

/** How every call that answers with stories runs (derive, modify, regenerate one): grounded, the same limits. */
export const storiesCall = {
  grounded: true,
  schema: 'stories',
  limits: { maxTurns: 3, timeoutMs: 5 * 60_000 },
  previewWatch: [['stories']], // each story shows the moment its JSON closes
} as const;

export const deriveStoriesWorkflow = defineWorkflow('deriveStories', {
  ...storiesCall,
  prompt: derivePrompt,
});
