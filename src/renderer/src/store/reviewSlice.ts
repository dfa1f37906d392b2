import type { StoryDraft } from '../../../shared/stories';
import { roundOfGeneration } from './reviewPersistence';
import { errorNotice } from './uiError';
import type { AppState, ReviewItem, ReviewSlice, Slice } from './types';

type Set = (partial: Partial<AppState> | ((s: AppState) => Partial<AppState>)) => void;

/** Applies `change` to one unlocked item of the round under review. */
function updateItem(set: Set, key: string, change: (item: ReviewItem) => ReviewItem): void {
  set((s) => {
    if (!s.review) return {};
    const items = s.review.items.map((i) => (i.key === key && i.decision !== 'accepted' ? change(i) : i));
    return { review: { ...s.review, items } };
  });
}

function withCriteria(item: ReviewItem, criteria: string[]): ReviewItem {
  return { ...item, draft: { ...item.draft, acceptanceCriteria: criteria } };
}

export const createReviewSlice: Slice<ReviewSlice> = (client) => (set, get) => ({
  review: null,
  accepting: false,
  editDraft(key, patch) {
    updateItem(set, key, (i) => ({ ...i, draft: { ...i.draft, ...patch } }));
  },
  addCriterion(key) {
    updateItem(set, key, (i) => withCriteria(i, [...i.draft.acceptanceCriteria, '']));
  },
  removeCriterion(key, index) {
    updateItem(set, key, (i) =>
      withCriteria(
        i,
        i.draft.acceptanceCriteria.filter((_, n) => n !== index),
      ),
    );
  },
  moveCriterion(key, index, delta) {
    updateItem(set, key, (i) => {
      const to = index + delta;
      const list = [...i.draft.acceptanceCriteria];
      const moved = list[index];
      if (to < 0 || to >= list.length || moved === undefined) return i;
      list.splice(index, 1);
      list.splice(to, 0, moved);
      return withCriteria(i, list);
    });
  },
  decide(key, decision) {
    set((s) => {
      if (!s.review) return {};
      const items = s.review.items.map((i) => (i.key === key ? { ...i, decision } : i));
      return { review: { ...s.review, items } };
    });
  },
  async addAcceptedToBacklog() {
    const review = get().review;
    if (!review) return false;
    const accepted = review.items.filter((i) => i.decision === 'accepted');
    if (accepted.length === 0) return false;
    const drafts: StoryDraft[] = accepted.map((i) => ({
      title: i.draft.title.trim(),
      description: i.draft.description,
      acceptanceCriteria: i.draft.acceptanceCriteria.filter((c) => c.trim() !== ''),
    }));
    set({ accepting: true });
    try {
      const added = await client.call('stories:accept', { generationId: review.generationId, drafts });
      set((s) => {
        const ids = new Set(added.map((st) => st.id));
        const stories = [...s.stories.filter((st) => !ids.has(st.id)), ...added];
        const remaining = s.review?.items.filter((i) => i.decision !== 'accepted') ?? [];
        return {
          accepting: false,
          stories,
          review: s.review && remaining.length > 0 ? { ...s.review, items: remaining } : null,
          notice: {
            kind: 'info',
            message: `Added ${added.length} ${added.length === 1 ? 'story' : 'stories'} to the backlog.`,
          },
        };
      });
      return true;
    } catch (err) {
      set({ accepting: false, notice: errorNotice(err) });
      return false;
    }
  },
  dismissReview() {
    set({ review: null, storyRevisions: null });
  },
  openInReview(generationId) {
    const gen = get().generations.find((g) => g.id === generationId);
    const round = gen ? roundOfGeneration(gen) : null;
    if (!round) return;
    set({ review: round, storyRevisions: null, view: 'prompt' });
    if (round.reviewId) void get().loadStoryRevisions(round.reviewId);
  },
});
