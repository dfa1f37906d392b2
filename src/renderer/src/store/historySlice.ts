import { listLoaded, listLoadFailed, toUiError } from './uiError';
import type { HistorySlice, Slice } from './types';

export const createHistorySlice: Slice<HistorySlice> = (client) => (set, get) => ({
  generations: [],
  historyLoaded: false,
  raw: null,
  async loadHistory() {
    try {
      const generations = await client.call('history:list', {});
      set((s) => ({ generations, historyLoaded: true, ...listLoaded(s, 'history') }));
    } catch (err) {
      set((s) => ({ historyLoaded: true, ...listLoadFailed(s, 'history', err) }));
    }
  },
  upsertGeneration(generation) {
    set((s) => {
      const i = s.generations.findIndex((g) => g.id === generation.id);
      if (i < 0) return { generations: [generation, ...s.generations] }; // newest first
      const generations = s.generations.slice();
      generations[i] = generation;
      return { generations };
    });
  },
  async showRawLines(id) {
    const title = get().generations.find((g) => g.id === id)?.title ?? id;
    set({ raw: { generationId: id, title, lines: null, error: null }, view: 'activity' });
    try {
      const lines = await client.call('history:rawLines', { id });
      set((s) => (s.raw?.generationId === id ? { raw: { ...s.raw, lines } } : {}));
    } catch (err) {
      const message = toUiError(err).message;
      set((s) => (s.raw?.generationId === id ? { raw: { ...s.raw, error: message } } : {}));
    }
  },
  closeRawLines() {
    set({ raw: null });
  },
});
