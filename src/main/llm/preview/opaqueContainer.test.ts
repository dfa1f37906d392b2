import { describe, it, expect, vi, afterEach } from 'vitest';
import { PartialJsonParser } from './partialJsonParser';

const value = {
  stories: [
    { id: 'US-1', title: 'Say "hi"', labels: ['a', 'b'], criteria: [{ given: 'x', then: 'y' }], none: [] },
    { id: 'US-2', title: 'No brackets in strings', criteria: [] },
  ],
};

/** Quote searches while the elements of `stories` (parsed whole, below the live depth) arrive. */
function quoteSearches(text: string, expected: { stories: unknown[] } = value): number {
  const indexOf = vi.spyOn(String.prototype, 'indexOf');
  const parser = new PartialJsonParser();
  const items: unknown[] = [];
  for (let i = 0; i < text.length; i += 7) {
    for (const e of parser.push(text.slice(i, i + 7))) if (e.type === 'item') items.push(e.value);
  }
  const searches = indexOf.mock.calls.filter(([search]) => search === '"').length;
  expect(items).toEqual(expected.stories);
  return searches;
}

describe('OpaqueContainer: how the end of an element parsed whole is found', () => {
  afterEach(() => vi.restoreAllMocks());

  it('does not follow the strings of a pretty-printed element, only its brackets', () => {
    expect(quoteSearches(JSON.stringify(value, null, 2))).toBe(0);
  });

  it('follows the strings, quote to quote, of a compact element or one whose brackets are not all laid out', () => {
    expect(quoteSearches(JSON.stringify(value))).toBeGreaterThan(10);
    // `"labels": ["a"]` on one line: its brackets are not next to a line break.
    const oneLine = JSON.stringify(value, null, 2).replace(
      '[\n        "a",\n        "b"\n      ]',
      '["a", "b"]',
    );
    expect(quoteSearches(oneLine)).toBeGreaterThan(10);
    // A bracket inside a string is next to no line break either.
    const inString = { stories: [...value.stories, { id: 'US-3', title: 'Brackets [in] {strings}' }] };
    expect(quoteSearches(JSON.stringify(inString, null, 2), inString)).toBeGreaterThan(0);
  });
});
