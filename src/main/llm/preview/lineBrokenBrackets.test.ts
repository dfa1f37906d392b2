import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LineBrokenBrackets, UNSURE } from './lineBrokenBrackets';
import { sharedDataDir } from '../../../../test/support/sharedData';

/** Feeds a container's text (its opening bracket first) in pieces; returns what each scan said. */
function scanPieces(text: string, size: number): number[] {
  const brackets = new LineBrokenBrackets();
  brackets.reset(text.charCodeAt(0));
  const results: number[] = [];
  for (let i = 1; i < text.length; i += size) {
    const result = brackets.scan(text.slice(i, i + size), 0);
    results.push(result);
    if (result !== -1) break;
  }
  return results;
}

describe('LineBrokenBrackets', () => {
  const story = {
    id: 'US-1',
    labels: ['a', 'b'],
    none: [],
    empty: {},
    criteria: [{ given: 'x', then: 'y' }],
  };
  const pretty = JSON.stringify(story, null, 2);

  it('finds the end of a pretty-printed container from its brackets alone, however it is split', () => {
    for (const size of [1, 2, 3, 7, 20, 1000]) {
      const results = scanPieces(`${pretty}, {"next": 1}`, size);
      expect(results.slice(0, -1).every((r) => r === -1)).toBe(true);
      // The last piece scanned says where, in it, the closing bracket ends (pieces start after the opener).
      const pieceStart = 1 + (results.length - 1) * size;
      expect(pieceStart + results.at(-1)!).toBe(pretty.length);
    }
  });

  it('finds the end of every story of the pretty-printed corpus without following its strings', () => {
    const text = readFileSync(path.join(sharedDataDir('corpus', 'streaming'), 'bench-300k.json'), 'utf8');
    const stories = (JSON.parse(text) as { stories: unknown[] }).stories;
    for (const value of stories) {
      const own = JSON.stringify(value, null, 2).replace(/\n/g, '\n    ');
      expect(scanPieces(own, 20)).not.toContain(UNSURE);
    }
  });

  it('is unsure at the first bracket of compact JSON, but not at empty pairs', () => {
    expect(scanPieces('{"a": [], "b": {}, "c": [1]}', 100)).toEqual([UNSURE]);
    expect(scanPieces('{"a": [], "b": {}\n}', 100)).toEqual(['{"a": [], "b": {}\n}'.length - 1]);
  });

  it('decides an opening bracket that ends a piece by the first character of the next', () => {
    const feed = (pieces: string[]) => {
      const brackets = new LineBrokenBrackets();
      brackets.reset(123);
      return pieces.map((piece) => brackets.scan(piece, 0));
    };
    expect(feed(['"a": [', '\n1\n]\n', '}'])).toEqual([-1, -1, 1]);
    expect(feed(['"a": [', ']\n', '}'])).toEqual([-1, -1, 1]);
    expect(feed(['"a": [', '1]\n}'])).toEqual([-1, UNSURE]);
  });

  it('is unsure at a closing bracket of the wrong kind', () => {
    expect(scanPieces('{\n"a": [\n1\n}\n]', 100)).toEqual([UNSURE]);
  });

  it('takes a bracket next to a raw line break as outside strings (only invalid JSON has one inside)', () => {
    // The caller confirms every end with JSON.parse, which rejects this text.
    const text = '{\n"t": "a\n}';
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    expect(scanPieces(text, 100)).toEqual([text.length - 1]);
  });
});
