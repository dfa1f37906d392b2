import type { ReviewDraft } from '../../../src/shared/stories';
import { StoryReview } from '../../../src/renderer/src/panels/StoryReview';
import type { ReviewRound } from '../../../src/renderer/src/store/types';
import { renderWith, setupStore, type Setup } from './setup';

/** Story n as the model drafted it: one criterion, unlocked; `patch` changes what a test is about. */
export const reviewDraft = (n: number, patch: Partial<ReviewDraft> = {}): ReviewDraft => ({
  title: `Story ${n}`,
  description: `D${n}`,
  acceptanceCriteria: [`C${n}`],
  locked: false,
  ...patch,
});

/** The first round of generation g1's review, every draft still pending, as the store holds it. */
export function pendingReview(drafts: ReviewDraft[]): ReviewRound {
  return {
    generationId: 'g1',
    reviewId: 'g1',
    round: 1,
    partial: false,
    diff: null,
    items: drafts.map((draft, i) => ({ key: `k${i + 1}`, draft, decision: 'pending' })),
  };
}

/** The review panel opened on those drafts, in a fresh store. */
export function openStoryReview(drafts: ReviewDraft[]): Setup {
  const setup = setupStore();
  setup.store.setState({ review: pendingReview(drafts) });
  renderWith(<StoryReview />, setup);
  return setup;
}
