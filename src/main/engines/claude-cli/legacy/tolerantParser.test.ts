import { describe, it, expect } from 'vitest';
import { parseTolerant } from './tolerantParser';
import { unescapeLayer } from './unescapeLayer';

/** Deterministic pseudo-random JSON values with awkward strings (escapes, quotes, brackets, astral chars). */
function makeValue(seed: number): unknown {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const words = [
    'plain',
    'a "quote"',
    'back\\slash',
    '[bracket]',
    '{brace}',
    'new\nline',
    '🐦 emoji',
    '```',
    '// x',
  ];
  const gen = (depth: number): unknown => {
    const r = rand();
    if (depth > 3 || r < 0.3) {
      const k = Math.floor(rand() * 5);
      return [words[Math.floor(rand() * words.length)], -12.5e3, true, null, 0][k];
    }
    if (r < 0.65) return Array.from({ length: Math.floor(rand() * 4) }, () => gen(depth + 1));
    return Object.fromEntries(
      Array.from({ length: Math.floor(rand() * 4) }, (_, i) => [`k${i}`, gen(depth + 1)]),
    );
  };
  return { root: gen(0) };
}

describe('parseTolerant', () => {
  it('agrees with JSON.parse on valid JSON and reports no repair', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const value = makeValue(seed);
      for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
        const parsed = parseTolerant(text, 0);
        expect(parsed).toEqual({
          kind: 'value',
          value,
          end: text.length,
          repaired: false,
          endedByFence: false,
        });
      }
    }
  });

  it('reports truncated for every proper prefix of valid JSON', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const text = JSON.stringify(makeValue(seed));
      for (let cut = 1; cut < text.length; cut++) {
        expect(parseTolerant(text.slice(0, cut), 0).kind, text.slice(0, cut)).toBe('truncated');
      }
    }
  });

  it('stops at the end of the value and leaves trailing text alone', () => {
    expect(parseTolerant('[1, 2]] trailing', 0)).toMatchObject({ kind: 'value', value: [1, 2], end: 6 });
  });

  it('keeps a "__proto__" key as data, like JSON.parse', () => {
    const parsed = parseTolerant("{'__proto__': {'polluted': true}}", 0);
    expect(parsed.kind).toBe('value');
    if (parsed.kind !== 'value') return;
    expect(Object.keys(parsed.value as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('returns invalid, not a crash, for nesting deeper than the stack', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(parseTolerant(deep, 0).kind).toBe('invalid');
  });

  it('rejects prose and bare words', () => {
    expect(parseTolerant('[see above]', 0).kind).toBe('invalid');
    expect(parseTolerant('{name} placeholder', 0).kind).toBe('invalid');
    expect(parseTolerant('[12px]', 0).kind).toBe('invalid');
  });

  it('treats numbers and literals at the very end as possibly unfinished', () => {
    expect(parseTolerant('[1, 2', 0).kind).toBe('truncated');
    expect(parseTolerant('[1e', 0).kind).toBe('truncated');
    expect(parseTolerant('[tr', 0).kind).toBe('truncated');
    expect(parseTolerant('{"a": "\\u00', 0).kind).toBe('truncated');
  });

  it('closes every open container at a closing code fence', () => {
    expect(parseTolerant('{"a": [1, {"b": 2\n```', 0)).toMatchObject({
      kind: 'value',
      value: { a: [1, { b: 2 }] },
      endedByFence: true,
      repaired: true,
    });
  });
});

describe('unescapeLayer', () => {
  it('removes one level of escaping and maps positions back', () => {
    const input = '{\\"a\\": \\"\\u00e9\\\\\\"}';
    const { text, sourceIndex } = unescapeLayer(input);
    expect(text).toBe('{"a": "é\\"}');
    expect(sourceIndex[text.length]).toBe(input.length);
    expect(sourceIndex[1]).toBe(1); // the first \" starts at 1
    expect(sourceIndex[2]).toBe(3);
  });
});
