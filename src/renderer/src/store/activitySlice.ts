import type { ActivitySlice, Slice } from './types';

export const MAX_ACTIVITY_LINES = 2000;

export const createActivitySlice: Slice<ActivitySlice> = () => (set) => ({
  lines: [],
  levelFilter: { debug: false, info: true, warn: true, error: true },
  textFilter: '',
  appendLine(line) {
    set((s) => {
      // Lines can arrive twice (history fetch racing the live stream); seq makes them unique.
      const last = s.lines[s.lines.length - 1];
      if (last && line.seq <= last.seq) return s;
      const lines =
        s.lines.length >= MAX_ACTIVITY_LINES ? s.lines.slice(-MAX_ACTIVITY_LINES + 1) : s.lines.slice();
      lines.push(line);
      return { lines };
    });
  },
  setLevelVisible(level, visible) {
    set((s) => ({ levelFilter: { ...s.levelFilter, [level]: visible } }));
  },
  setTextFilter(textFilter) {
    set({ textFilter });
  },
});
