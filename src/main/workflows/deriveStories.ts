import type { ProjectSettings, StoryDraft } from '../../shared/stories';
import type { SendPromptResult } from '../llm/promptTypes';
import { derivePrompt } from './prompts';
import type { CallOptions, WorkflowDeps } from './types';

export const DERIVE_MAX_TURNS = 3;

/** Feature request → user story drafts (stories schema, unwrapped from its `{stories}` envelope). */
export async function deriveStories(
  deps: WorkflowDeps,
  input: { request: string; project: ProjectSettings },
  options: CallOptions = {},
): Promise<SendPromptResult<StoryDraft[]>> {
  return deps.sendPrompt({
    workflow: 'deriveStories',
    schema: 'stories',
    prompt: derivePrompt(input.request, input.project),
    maxTurns: DERIVE_MAX_TURNS,
    ...options,
  });
}
