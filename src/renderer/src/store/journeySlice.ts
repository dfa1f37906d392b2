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
      // The payload's shape (all stories or only the changed ones) does not matter: reload the list.
      client.on('stories:changed', () => void get().loadStories()),
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
