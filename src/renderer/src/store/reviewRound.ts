/** The review round a finished stories generation (or a restored revision) opens. */
import type { Generation, ReviewDraft, StoryDraft } from '../../../shared/stories';
import { diffStories } from '../lib/storyDiff';
import type { ReviewItem, ReviewRound, RunRequest } from './types';

let keySeq = 0;
export const newKey = (): string => `r${++keySeq}`;

export const draftOf = (d: StoryDraft): StoryDraft => ({
  title: d.title,
  description: d.description,
  acceptanceCriteria: [...d.acceptanceCriteria],
});

/** Fresh items for stories: accepted where locked, else to decide. */
export function itemsOf(stories: readonly ReviewDraft[]): ReviewItem[] {
  return stories.map((st) => ({
    key: newKey(),
    draft: draftOf(st),
    decision: st.locked ? 'accepted' : 'pending',
  }));
}

/** The round's drafts as sent to the model: trimmed titles, no empty criteria, accepted = locked. */
export function sentDrafts(items: readonly ReviewItem[]): ReviewDraft[] {
  return items.map((i) => ({
    title: i.draft.title.trim(),
    description: i.draft.description,
    acceptanceCriteria: i.draft.acceptanceCriteria.filter((c) => c.trim() !== ''),
    locked: i.decision === 'accepted',
  }));
}

/**
 * The round a finished derive/modify/regenerate generation opens, or null when there is nothing to review. A
 * regenerated story replaces its item only: every other item keeps its decision (and its key).
 */
export function roundFrom(
  gen: Generation,
  request: RunRequest,
  previous: ReviewRound | null,
): ReviewRound | null {
  const stories: ReviewDraft[] = gen.stories ?? [];
  if (stories.length === 0) return null;
  const next = request.kind !== 'derive';
  const regenerated = request.kind === 'regenerate' ? request.index : -1;
  const items =
    regenerated >= 0 && previous && previous.items.length === stories.length
      ? previous.items.map((it, i) => (i === regenerated ? itemsOf([stories[i]!])[0]! : it))
      : itemsOf(stories);
  return {
    generationId: gen.id,
    reviewId: gen.reviewId ?? null,
    round: next && previous ? previous.round + 1 : 1,
    items,
    diff: request.kind === 'derive' ? null : diffStories(request.stories, stories),
    partial: gen.status === 'cancelled',
  };
}
