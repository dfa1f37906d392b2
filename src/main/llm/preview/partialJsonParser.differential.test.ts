import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PartialJsonParser } from './partialJsonParser';
import type { PreviewEvent } from './previewEvents';
import { sharedDataDir } from '../../../../test/support/sharedData';

// Every event, and the push that returns it, for whole documents fed in chunks of several sizes, against what is
// derived from the documents alone: each element of the watched array is reported by the push that delivers its
// closing bracket, with the value JSON.parse gives, and the root by the push that delivers its end.

const streamingDir = sharedDataDir('corpus', 'streaming');
const DOCS = [
  'user-stories-200.json',
  'prd-tasks-90.json',
  'long-strings-8x.json',
  'escapes-unicode-600.json',
  'bench-300k.json',
];
const SIZES = [1, 7, 20, 4096];

interface Timed {
  push: number;
  event: PreviewEvent;
}

/** The events a document must give, from its text: `indent` is how JSON.stringify laid it out (0: compact). */
function expectedEvents(text: string, indent: number, size: number): Timed[] {
  const root = JSON.parse(text) as Record<string, unknown>;
  const [key, elements] = Object.entries(root).find(([, v]) => Array.isArray(v)) as [string, unknown[]];
  const events: Timed[] = [];
  let from = 0;
  elements.forEach((element, index) => {
    // An element two levels down is laid out as JSON.stringify lays it out alone, indented twice more.
    const own = JSON.stringify(element, null, indent || undefined).replace(
      /\n/g,
      `\n${' '.repeat(2 * indent)}`,
    );
    const start = text.indexOf(own, from);
    const end = start + own.length;
    // Complete exactly there: one character less is not JSON yet.
    expect(JSON.parse(text.slice(start, end))).toEqual(element);
    expect(() => JSON.parse(text.slice(start, end - 1))).toThrow(SyntaxError);
    events.push({
      push: Math.floor((end - 1) / size),
      event: { type: 'item', path: [key], index, value: element },
    });
    from = end;
  });
  events.push({ push: Math.floor((text.trimEnd().length - 1) / size), event: { type: 'done', value: root } });
  return events;
}

function actualEvents(text: string, size: number): Timed[] {
  const parser = new PartialJsonParser();
  const events: Timed[] = [];
  for (let i = 0, push = 0; i < text.length; i += size, push++) {
    for (const event of parser.push(text.slice(i, i + size))) events.push({ push, event });
  }
  return events;
}

describe('PartialJsonParser events, push by push, against the documents themselves', () => {
  describe.each(DOCS)('%s', (file) => {
    const pretty = readFileSync(path.join(streamingDir, file), 'utf8');
    const layouts: [string, string, number][] = [
      ['pretty-printed', pretty, 2],
      ['compact', JSON.stringify(JSON.parse(pretty)), 0],
    ];
    it.each(layouts)('%s, in chunks of 1, 7, 20 and 4096 characters', (_layout, text, indent) => {
      for (const size of SIZES) expect(actualEvents(text, size)).toEqual(expectedEvents(text, indent, size));
    });
  });

  it('takes brackets inside strings for what they are, even next to escaped line breaks', () => {
    // A lone bracket in a string that a later bracket of its kind would balance; `\n` escapes and spaces around
    // brackets, which look like a layout without being one.
    const value = {
      stories: [
        { v: { w: '{' }, n: 1 },
        { a: ['['], b: [{ c: '[' }] },
        { t: 'a\n[\n{', u: ['x\n}', '\n  ]', '[\n'], v: { w: '{\n' } },
        { t: ' ]\n }', n: [[], {}, [{}]] },
        { t: '\n\t{', end: '}' },
      ],
    };
    const text = JSON.stringify(value, null, 2);
    for (const size of SIZES) expect(actualEvents(text, size)).toEqual(expectedEvents(text, 2, size));
  });
});
