import { fromOpenReview, reviewSaver } from './reviewPersistence';
import type { JourneySlice, Slice } from './types';
import { errorNotice } from './uiError';

export const createJourneySlice: Slice<JourneySlice> = (client) => (set, get, api) => {
  const saver = reviewSaver(client, (err) => set({ notice: errorNotice(err) }));
  /** Set while the review changes for reasons other than the user's (a project switch, a restore): not saved. */
  let quiet = false;
  const quietly = (change: () => void) => {
    quiet = true;
    try {
      change();
    } finally {
      quiet = false;
    }
  };
  /** The review left open in this project, unless the user opened another one meanwhile. */
  async function restoreReview(): Promise<void> {
    const path = get().project?.path;
    try {
      const open = await client.call('review:get', {});
      if (!open || get().review || get().project?.path !== path) return;
      const round = fromOpenReview(open);
      quietly(() => set({ review: round }));
      if (round.reviewId) void get().loadStoryRevisions(round.reviewId);
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  }
  let restoring: Promise<void> = Promise.resolve();
  return {
    reviewSettled: async () => {
      await restoring;
      await saver.idle();
    },
    connectJourney() {
      const loadAll = () => {
        if (!get().project) return;
        void get().loadStories();
        void get()
          .loadHistory()
          .then(() => get().adoptRunning());
        restoring = restoreReview();
      };
      const unsubs = [
        client.on('generation:progress', (p) => get().receiveProgress(p)),
        client.on('history:changed', (g) => {
          get().upsertGeneration(g);
          get().generationChanged(g);
        }),
        client.on('call:activity', (e) => get().receiveActivity(e)),
        // Main sends only what each change touched, applied by id; before the first load, the load brings it.
        client.on('stories:changed', (change) => {
          if (get().storiesLoaded) get().applyStoriesChange(change);
          else if (get().project) void get().loadStories();
        }),
        api.subscribe((s, prev) => {
          if (quiet || s.review === prev.review || !s.project || s.project.path !== prev.project?.path)
            return;
          saver.save(s.review);
        }),
        api.subscribe((s, prev) => {
          if (s.project?.path === prev.project?.path) return;
          quietly(() =>
            set({
              stories: [],
              storiesLoaded: false,
              selected: new Set<string>(),
              undo: null,
              generations: [],
              historyLoaded: false,
              raw: null,
              review: null,
              result: null,
              genError: null,
              storyRevisions: null,
              callActivity: {},
              liveLines: [],
              liveSkipped: 0,
            }),
          );
          loadAll();
        }),
      ];
      loadAll();
      return () => unsubs.forEach((u) => u());
    },
  };
};
