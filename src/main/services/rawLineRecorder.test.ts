import { describe, expect, it } from 'vitest';
import { RawLineRun, type LineText } from '../llm/rawLineRun';
import { RawLineRecorder, type RawLineLimits } from './rawLineRecorder';
import { textLines } from '../../../test/support/lineText';

const ev = (n: number): string => JSON.stringify({ type: 'system', n });

/** A recorder whose head is collected as it goes out (History's file); lines() reads back what the file holds. */
function recorder(limits: RawLineLimits = {}) {
  const written: LineText = [];
  const r = new RawLineRecorder((text) => written.push(...text), limits);
  return Object.assign(r, {
    written: () => textLines(written),
    lines: () => textLines([...written, ...r.rest()]),
  });
}

describe('RawLineRecorder', () => {
  it('keeps every line as it came', () => {
    const r = recorder();
    r.push(ev(1));
    r.push('not json');
    expect(r.lines()).toEqual(['{"type":"system","n":1}', 'not json']);
  });

  it('past the bound keeps the head, a marker with the dropped count, and the tail', () => {
    const r = recorder({ maxLines: 3, maxChars: 1_000_000, tailLines: 2 });
    for (let n = 1; n <= 10; n++) r.push(ev(n));
    const lines = r.lines().map((l) => JSON.parse(l) as { n?: number; droppedLines?: number });
    expect(lines.map((l) => l.n ?? `dropped ${l.droppedLines}`)).toEqual([1, 2, 3, 'dropped 5', 9, 10]);
  });

  it('replaces one line past the cap by a marker with its length and start, so one line cannot be huge', () => {
    const r = recorder({ maxLines: 100, maxChars: 1_000_000, tailLines: 10, maxLineChars: 1000 });
    const text = 'y'.repeat(50_000);
    r.push(JSON.stringify({ type: 'assistant', text }));
    r.push(ev(2));
    const [first, second] = r.lines();
    expect(first!.length).toBeLessThan(5000);
    expect(JSON.parse(first!)).toEqual({
      type: 'puffin_truncated_line',
      length: JSON.stringify({ type: 'assistant', text }).length,
      head: expect.stringMatching(/^\{"type":"assistant","text":"yyy/),
    });
    expect(second).toBe('{"type":"system","n":2}');
  });

  it('keeps a run of lines as those lines, within the head and past it, as if they came one by one', () => {
    const lines = Array.from({ length: 40 }, (_, k) => ev(k));
    for (const [maxLines, maxChars, tail] of [
      [100, 1_000_000, 10],
      [25, 1_000_000, 4],
      [100, 300, 3],
      [3, 1_000_000, 2],
    ] as const) {
      const oneByOne = recorder({ maxLines, maxChars, tailLines: tail });
      const byRuns = recorder({ maxLines, maxChars, tailLines: tail });
      for (let k = 0; k < lines.length; k += 8) {
        const part = lines.slice(k, k + 8);
        for (const line of part) oneByOne.push(line);
        const run = new RawLineRun();
        for (const line of part) run.addLine(line);
        byRuns.pushRun(run);
        if (k === 0) {
          // Out at once, not at the end: the head's share of the first run (all of it, or up to maxLines).
          expect(byRuns.written()).toEqual(part.slice(0, Math.min(part.length, maxLines)));
        }
      }
      byRuns.push('last');
      oneByOne.push('last');
      expect(byRuns.lines()).toEqual(oneByOne.lines());
    }
  });
});
