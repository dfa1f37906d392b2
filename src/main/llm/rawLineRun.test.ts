import { describe, expect, it } from 'vitest';
import { RawLineRun, type LineText } from './rawLineRun';

function runOf(lines: string[]): RawLineRun {
  const run = new RawLineRun();
  for (const line of lines) run.addLine(line);
  return run;
}

describe('RawLineRun', () => {
  const lines = Array.from({ length: 60 }, (_, k) => `{"k":${k},"t":"é🐦 ${'x'.repeat(k % 7)}"}`);

  it('gives every line back in order, and counts them', () => {
    const run = runOf(lines);
    expect(run.all()).toEqual(lines);
    expect(run.count).toBe(lines.length);
  });

  it('gives the last n lines', () => {
    const run = runOf(lines);
    for (const n of [0, 1, 2, 3, 7, 59, 60, 100]) expect(run.last(n)).toEqual(n === 0 ? [] : lines.slice(-n));
  });

  it('hands its lines over as text, each ended by LF', () => {
    const text: LineText = ['head\n'];
    runOf(lines).pushText(text);
    expect(text.join('')).toBe(['head', ...lines].map((l) => l + '\n').join(''));
  });

  it('counts its size in characters', () => {
    expect(runOf(['abc', 'é']).size).toBe(4);
  });
});
