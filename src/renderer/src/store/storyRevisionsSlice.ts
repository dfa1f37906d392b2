import { diffStories } from '../lib/storyDiff';
import { itemsOf } from './reviewRound';
import type { Slice, StoryRevisionsSlice } from './types';
import { errorNotice } from './uiError';

/** The revisions of the stories review under way: every round kept, any two compared, an old one restored. */
export const createStoryRevisionsSlice: Slice<StoryRevisionsSlice> = (client) => (set, get) => ({
  storyRevisions: null,
  async loadStoryRevisions(reviewId) {
    try {
      const revisions = await client.call('storyRevisions:get', { reviewId });
      // Only while that review is still the one under way.
      if (get().review?.reviewId === reviewId) set({ storyRevisions: revisions });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
  async restoreStoryRevision(revision) {
    const review = get().review;
    if (!review?.reviewId) return false;
    try {
      const kept = await client.call('storyRevisions:restore', { reviewId: review.reviewId, revision });
      const restored = kept.revisions.find((r) => r.number === kept.current);
      if (!restored) return false;
      const before = get().review ?? review;
      set({
        storyRevisions: kept,
        review: {
          generationId: restored.generationId,
          reviewId: kept.reviewId,
          round: before.round + 1,
          items: itemsOf(restored.stories),
          diff: diffStories(
            before.items.map((i) => i.draft),
            restored.stories,
          ),
          partial: false,
        },
      });
      return true;
    } catch (err) {
      set({ notice: errorNotice(err) });
      return false;
    }
  },
});
