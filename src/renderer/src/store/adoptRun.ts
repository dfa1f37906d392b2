/**
 * After a reload, a generation that is still running in main is shown as running again: its history record (status
 * "running"; main marks the ones a crash left as interrupted when the project opens) says what was asked.
 */
import type { Generation } from '../../../shared/stories';
import { sentDrafts } from './reviewRound';
import type { ReviewRound, RunRequest } from './types';

/** The kinds of record the Prompt panel runs (plan and spec calls are shown by their own panels). */
const PROMPT_PANEL_KINDS = new Set<Generation['kind']>(['derive', 'prompt', 'modify', 'story-regen']);

/** The newest running record of a Prompt panel run, if any (history is newest first). */
export function runningGeneration(generations: readonly Generation[]): Generation | undefined {
  return generations.find((g) => g.status === 'running' && PROMPT_PANEL_KINDS.has(g.kind));
}

/** What the record's run asked for, as the request that would have started it. */
export function requestOf(
  gen: Generation,
  generations: readonly Generation[],
  review: ReviewRound | null,
): RunRequest {
  const model = gen.model ? { model: gen.model } : {};
  if (gen.kind === 'derive' || gen.kind === 'prompt')
    return { kind: 'derive', prompt: gen.prompt, deriveStories: gen.kind === 'derive', ...model };
  const parentId = gen.parentId ?? '';
  // The stories sent were the round under review (restored with the page), else the parent's answer.
  const stories =
    review && review.generationId === parentId
      ? sentDrafts(review.items)
      : (generations.find((g) => g.id === parentId)?.stories ?? []);
  if (gen.kind === 'modify')
    return { kind: 'modify', parentId, feedback: gen.feedback ?? '', stories, ...model };
  // The record does not say which story was rewritten: the round that comes back replaces every item.
  return {
    kind: 'regenerate',
    parentId,
    index: -1,
    stories,
    ...(gen.feedback ? { feedback: gen.feedback } : {}),
    ...model,
  };
}
