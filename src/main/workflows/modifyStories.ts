import type { ProjectSettings, ReviewDraft } from '../../shared/stories';
import type { SendPromptResult } from '../llm/promptTypes';
import { DERIVE_MAX_TURNS } from './deriveStories';
import { mergeLocked } from './mergeLocked';
import { modifyPrompt } from './prompts';
import type { CallOptions, WorkflowDeps } from './types';

/**
 * A modify round: the current stories (with their locked flags) and the user's feedback → the revised list,
 * in which locked stories are the originals, unchanged and in place (see mergeLocked).
 */
export async function modifyStories(
  deps: WorkflowDeps,
  input: { stories: ReviewDraft[]; feedback: string; project: ProjectSettings },
  options: CallOptions = {},
): Promise<SendPromptResult<ReviewDraft[]>> {
  const result = await deps.sendPrompt({
    workflow: 'modifyStories',
    schema: 'stories',
    prompt: modifyPrompt(input.stories, input.feedback, input.project),
    maxTurns: DERIVE_MAX_TURNS,
    ...options,
  });
  return { ...result, data: mergeLocked(input.stories, result.data) };
}
