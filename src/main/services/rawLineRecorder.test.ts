import { describe, expect, it } from 'vitest';
import { RawLineRecorder } from './rawLineRecorder';

const ev = (n: number): string => JSON.stringify({ type: 'system', n });

describe('RawLineRecorder', () => {
  it('keeps every line as it came', () => {
    const r = new RawLineRecorder();
    r.push(ev(1));
    r.push('not json');
    expect(r.lines()).toEqual(['{"type":"system","n":1}', 'not json']);
  });

  it('past the bound keeps the head, a marker with the dropped count, and the tail', () => {
    const r = new RawLineRecorder(3, 1_000_000, 2);
    for (let n = 1; n <= 10; n++) r.push(ev(n));
    const lines = r.lines().map((l) => JSON.parse(l) as { n?: number; droppedLines?: number });
    expect(lines.map((l) => l.n ?? `dropped ${l.droppedLines}`)).toEqual([1, 2, 3, 'dropped 5', 9, 10]);
  });

  it('replaces one line past the cap by a marker with its length and start, so one line cannot be huge', () => {
    const r = new RawLineRecorder(100, 1_000_000, 10, 1000);
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
});
