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
      if (last && line.seq <= last.seq) {
        // Older than the newest line (history landing after live lines): insert it in seq order.
        const at = s.lines.findIndex((l) => l.seq >= line.seq);
        if (s.lines[at]!.seq === line.seq) return s;
        if (at === 0 && s.lines.length >= MAX_ACTIVITY_LINES) return s;
        const lines = [...s.lines.slice(0, at), line, ...s.lines.slice(at)];
        return { lines: lines.length > MAX_ACTIVITY_LINES ? lines.slice(-MAX_ACTIVITY_LINES) : lines };
      }
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
