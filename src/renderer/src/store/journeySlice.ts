import type { JourneySlice, Slice } from './types';

export const createJourneySlice: Slice<JourneySlice> = (client) => (set, get, api) => ({
  connectJourney() {
    const loadAll = () => {
      if (!get().project) return;
      void get().loadStories();
      void get().loadHistory();
    };
    const unsubs = [
      client.on('generation:progress', (p) => get().receiveProgress(p)),
      client.on('history:changed', (g) => get().upsertGeneration(g)),
      // Main sends only what each change touched, applied by id; before the first load, the load brings it.
      client.on('stories:changed', (change) => {
        if (get().storiesLoaded) get().applyStoriesChange(change);
        else if (get().project) void get().loadStories();
      }),
      api.subscribe((s, prev) => {
        if (s.project?.path === prev.project?.path) return;
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
        });
        loadAll();
      }),
    ];
    loadAll();
    return () => unsubs.forEach((u) => u());
  },
});
