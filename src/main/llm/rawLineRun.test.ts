import { describe, expect, it } from 'vitest';
import { rng } from '../../../test/support/rng';
import { RawLineRun, type LineText } from './rawLineRun';

/** A run of `lines` cut at random into single lines and byte blocks (LF or CRLF), as a reader would build it. */
function runOf(lines: string[], seed: number): RawLineRun {
  const next = rng(seed);
  const run = new RawLineRun();
  for (let i = 0; i < lines.length;) {
    const n = 1 + Math.floor(next() * 5);
    const part = lines.slice(i, i + n);
    if (next() < 0.4) for (const line of part) run.addLine(line);
    else run.addBlock(Buffer.from(part.map((l) => l + (next() < 0.3 ? '\r\n' : '\n')).join('')), part.length);
    i += n;
  }
  return run;
}

describe('RawLineRun', () => {
  const lines = Array.from({ length: 60 }, (_, k) => `{"k":${k},"t":"é🐦 ${'x'.repeat(k % 7)}"}`);

  it('gives every line back in order, whichever way each came', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const run = runOf(lines, seed);
      expect(run.all()).toEqual(lines);
      expect(run.count).toBe(lines.length);
    }
  });

  it('gives the last n lines without reading the rest', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const run = runOf(lines, seed);
      for (const n of [0, 1, 2, 3, 7, 59, 60, 100])
        expect(run.last(n)).toEqual(n === 0 ? [] : lines.slice(-n));
    }
  });

  it('hands its lines over as text, each ended by LF, blocks without a CR as the very bytes that came', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const run = runOf(lines, seed);
      const text: LineText = ['head\n'];
      run.pushText(text);
      expect(Buffer.concat(text.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))).toString()).toBe(
        ['head', ...lines].map((l) => l + '\n').join(''),
      );
    }
    const block = Buffer.from('a\nb\n');
    const run = new RawLineRun();
    run.addBlock(block, 2);
    const text: LineText = [];
    run.pushText(text);
    expect(text[0]).toBe(block);
  });

  it('counts its size: characters of its lines, bytes of its blocks', () => {
    const run = new RawLineRun();
    run.addLine('abc');
    run.addBlock(Buffer.from('é\n'), 1);
    expect(run.size).toBe(3 + 3);
  });
});
