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
      // Main sends the whole list after every change.
      client.on('stories:changed', (stories) => {
        const ids = new Set(stories.map((st) => st.id));
        set((s) => ({
          stories,
          storiesLoaded: true,
          selected: new Set([...s.selected].filter((id) => ids.has(id))),
        }));
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
