import { describe, expect, it } from 'vitest';
import type { LogLevel, LogLine } from '../../../shared/log';
import type { Client } from '../bridge/client';
import { MAX_ACTIVITY_LINES } from './activitySlice';
import { createAppStore } from './appStore';
import { visibleLines } from './selectors';

const client: Client = {
  call: () => Promise.reject(new Error('not used')),
  on: () => () => {},
};

function line(seq: number, level: LogLevel = 'info', message = `line ${seq}`, scope = 'app'): LogLine {
  return { seq, level, message, scope, time: new Date(Date.UTC(2025, 0, 1, 0, 0, seq % 60)).toISOString() };
}

const seqs = (s: { lines: LogLine[] }) => s.lines.map((l) => l.seq);

describe('activity slice', () => {
  it('appends lines in order', () => {
    const store = createAppStore(client);
    for (const n of [1, 2, 3]) store.getState().appendLine(line(n));
    expect(seqs(store.getState())).toEqual([1, 2, 3]);
  });

  it('keeps one copy of a line that arrives twice', () => {
    const store = createAppStore(client);
    const s = store.getState();
    s.appendLine(line(1));
    s.appendLine(line(2));
    s.appendLine(line(2));
    s.appendLine(line(1));
    s.appendLine(line(3));
    s.appendLine(line(3));
    expect(seqs(store.getState())).toEqual([1, 2, 3]);
  });

  it('does not change state (or notify) for a duplicate', () => {
    const store = createAppStore(client);
    store.getState().appendLine(line(1));
    const before = store.getState().lines;
    let notified = 0;
    store.subscribe(() => notified++);
    store.getState().appendLine(line(1));
    expect(store.getState().lines).toBe(before);
    expect(notified).toBe(0);
  });

  it('keeps history that arrives after live lines, in seq order and without duplicates', () => {
    // boot() subscribes first, then fetches history: live lines can land before the older history.
    const store = createAppStore(client);
    const s = store.getState();
    s.appendLine(line(9));
    s.appendLine(line(10));
    for (let n = 1; n <= 10; n++) s.appendLine(line(n));
    s.appendLine(line(11));
    expect(seqs(store.getState())).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it(`keeps only the newest ${MAX_ACTIVITY_LINES} lines`, () => {
    const store = createAppStore(client);
    const total = MAX_ACTIVITY_LINES + 25;
    for (let n = 1; n <= total; n++) store.getState().appendLine(line(n));
    const lines = store.getState().lines;
    expect(lines).toHaveLength(MAX_ACTIVITY_LINES);
    expect(lines[0]!.seq).toBe(26);
    expect(lines.at(-1)!.seq).toBe(total);
    // A line older than everything kept does not push a newer one out.
    store.getState().appendLine(line(1));
    expect(store.getState().lines[0]!.seq).toBe(26);
    expect(store.getState().lines).toHaveLength(MAX_ACTIVITY_LINES);
  });

  it('drops the oldest line when a late line fills a gap in a full list', () => {
    const store = createAppStore(client);
    // Even seqs only, so the odd ones are gaps a late history line can fill.
    for (let n = 1; n <= MAX_ACTIVITY_LINES; n++) store.getState().appendLine(line(2 * n));
    store.getState().appendLine(line(101));
    const lines = store.getState().lines;
    expect(lines).toHaveLength(MAX_ACTIVITY_LINES);
    expect(lines[0]!.seq).toBe(4);
    expect(lines.slice(48, 51).map((l) => l.seq)).toEqual([100, 101, 102]);
  });

  it('hides debug by default and filters by level and text (message or scope, any case)', () => {
    const store = createAppStore(client);
    const s = store.getState();
    s.appendLine(line(1, 'debug', 'spawned claude', 'llm'));
    s.appendLine(line(2, 'info', 'Opened project demo', 'project'));
    s.appendLine(line(3, 'warn', 'Rejected an invalid payload', 'ipc'));
    s.appendLine(line(4, 'error', 'Settings file was unreadable', 'settings'));
    expect(visibleLines(store.getState()).map((l) => l.seq)).toEqual([2, 3, 4]);
    store.getState().setLevelVisible('debug', true);
    store.getState().setLevelVisible('warn', false);
    expect(visibleLines(store.getState()).map((l) => l.seq)).toEqual([1, 2, 4]);
    store.getState().setTextFilter('  PROJECT ');
    expect(visibleLines(store.getState()).map((l) => l.seq)).toEqual([2]);
    store.getState().setTextFilter('llm');
    expect(visibleLines(store.getState()).map((l) => l.seq)).toEqual([1]);
    store.getState().setTextFilter('');
    expect(visibleLines(store.getState())).toHaveLength(3);
  });
});
