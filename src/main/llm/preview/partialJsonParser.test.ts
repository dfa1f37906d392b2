import { describe, it, expect } from 'vitest';
import { PartialJsonParser } from './partialJsonParser';
import type { PreviewEvent } from './previewEvents';

function feed(parser: PartialJsonParser, text: string, size: number): PreviewEvent[] {
  const events: PreviewEvent[] = [];
  for (let i = 0; i < text.length; i += size) events.push(...parser.push(text.slice(i, i + size)));
  return events;
}

describe('PartialJsonParser', () => {
  const value = {
    stories: [
      { title: 'Tab\tand "quotes" \\ slash', n: -12.5e-3, ok: true, none: null, tags: [] },
      { title: 'Astral 🐦 and \u00e9 and \u2028', n: 0, ok: false, tags: ['a', 'b'] },
    ],
    meta: { count: 2, nested: [[1], [2, [3]]] },
  };

  it('parses any split of the text, one character at a time included', () => {
    const texts = [
      JSON.stringify(value),
      JSON.stringify(value, null, 2),
      JSON.stringify(value).replace(/\u00e9/g, '\\u00e9'),
    ];
    for (const text of texts) {
      for (const size of [1, 2, 3, 5, 7, 64]) {
        const parser = new PartialJsonParser();
        const events = feed(parser, text, size);
        expect(events.at(-1)).toEqual({ type: 'done', value });
        expect(parser.snapshot()).toEqual(value);
      }
    }
  });

  it('decodes escapes split right after the backslash and inside \\u sequences', () => {
    const parser = new PartialJsonParser();
    for (const part of ['["a\\', 'nb\\u00', 'e9\\ud83d', '\\udc26\\\\', '"]']) parser.push(part);
    expect(parser.snapshot()).toEqual(['a\nbé🐦\\']);
  });

  it('reports each element of the envelope array the moment it closes', () => {
    const parser = new PartialJsonParser();
    const text = JSON.stringify(value);
    const firstClose = text.indexOf('}') + 1; // the first story's closing brace
    expect(parser.push(text.slice(0, firstClose - 1))).toEqual([]);
    expect(parser.push(text.slice(firstClose - 1, firstClose))).toEqual([
      { type: 'item', path: ['stories'], index: 0, value: value.stories[0] },
    ]);
  });

  it('watches custom paths, with * wildcards', () => {
    const parser = new PartialJsonParser({ watch: [['meta', 'nested', '*']] });
    const items = feed(parser, JSON.stringify(value), 4).filter((e) => e.type === 'item');
    expect(items).toEqual([
      { type: 'item', path: ['meta', 'nested', 0], index: 0, value: 1 },
      { type: 'item', path: ['meta', 'nested', 1], index: 0, value: 2 },
      { type: 'item', path: ['meta', 'nested', 1], index: 1, value: [3] },
    ]);
  });

  it('reports the elements of a root array by default', () => {
    const items = feed(new PartialJsonParser(), '[{"a":1}, 2, "x"]', 3).filter((e) => e.type === 'item');
    expect(items.map((e) => e.type === 'item' && e.value)).toEqual([{ a: 1 }, 2, 'x']);
  });

  it('shows a string as it arrives, without a half-received escape, but hides half numbers and keys', () => {
    const parser = new PartialJsonParser();
    parser.push('{"stories": [{"title": "Log in \\u00');
    expect(parser.snapshot()).toEqual({ stories: [{ title: 'Log in ' }] });
    parser.push('e9", "n": 12');
    expect(parser.snapshot()).toEqual({ stories: [{ title: 'Log in é' }] });
    parser.push('3, "ke');
    expect(parser.snapshot()).toEqual({ stories: [{ title: 'Log in é', n: 123 }] });
  });

  it('gives snapshots that later input does not change', () => {
    const parser = new PartialJsonParser();
    parser.push('{"a": [1, {"b": "x');
    const early = parser.snapshot();
    parser.push('yz"}, 2], "c": 3}');
    expect(early).toEqual({ a: [1, { b: 'x' }] });
    expect(parser.snapshot()).toEqual({ a: [1, { b: 'xyz' }, 2], c: 3 });
  });

  it('keeps "__proto__" as a plain key', () => {
    const parser = new PartialJsonParser();
    parser.push('{"__proto__": {"polluted": 1}}');
    const snap = parser.snapshot() as Record<string, unknown>;
    expect(Object.keys(snap)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['{"a" 1}', 5],
    ['[1, 2,, 3]', 6],
    ['{"a": tru}', 9],
    ['{"a": 01}', 8],
    ['[1] x', 4],
  ])('reports invalid JSON %j once, with its offset, and then ignores input', (text, offset) => {
    const parser = new PartialJsonParser();
    const events = feed(parser, text, 2);
    expect(events.filter((e) => e.type === 'error')).toEqual([
      { type: 'error', offset, message: expect.any(String) },
    ]);
    expect(parser.push('{}')).toEqual([]);
  });

  it('handles a scalar root and whitespace anywhere', () => {
    const parser = new PartialJsonParser();
    expect(feed(parser, ' \n "só" \r\n\t', 1)).toEqual([{ type: 'done', value: 'só' }]);
  });
});

describe('PartialJsonParser below the live depth', () => {
  const text = JSON.stringify({ stories: [{ t: 'a "}" b', n: [1, { x: '\\' }] }, { t: ']' }] }, null, 1);

  it('gives the same values whether deep containers are built live or parsed whole', () => {
    for (const size of [1, 3, 20]) {
      const live = new PartialJsonParser({ materializeDepth: Number.POSITIVE_INFINITY });
      const whole = new PartialJsonParser();
      const liveItems = feed(live, text, size);
      const wholeItems = feed(whole, text, size);
      expect(wholeItems).toEqual(liveItems);
      expect(whole.snapshot()).toEqual(JSON.parse(text));
    }
  });

  it('reports invalid JSON inside a deep container when it closes', () => {
    const parser = new PartialJsonParser();
    const events = feed(parser, '{"stories": [{"a" 1}]}', 4);
    expect(events).toEqual([
      { type: 'error', offset: expect.any(Number), message: expect.stringMatching(/^bad JSON/) },
    ]);
  });
});

describe('PartialJsonParser deferring fragments inside deep containers', () => {
  // Braces, brackets, quotes and backslash runs inside strings, so that the deferred (unscanned) text and the
  // fragment that is finally scanned split them in every way.
  const value = {
    stories: [
      { t: 'a } b ] c { [', q: 'say \\"}\\" now', bs: ['\\', '\\\\', 'x\\'], n: [{ d: [{}] }, []] },
      { t: '}}}]]]', e: '\\u007d \u00e9 🐦', deep: { a: { b: { c: '}' } } } },
      { t: '' },
    ],
    tail: [1, 2],
  };
  const text = JSON.stringify(value, null, 2);

  it('gives the same events and snapshots as a parser that builds everything live, for random splits', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 9;
    for (let round = 0; round < 40; round++) {
      const fast = new PartialJsonParser();
      const live = new PartialJsonParser({ watch: [['stories'], ['tail']], materializeDepth: Infinity });
      for (let i = 0; i < text.length;) {
        const n = 1 + rand() * (round % 4 === 0 ? 1 : 3);
        const part = text.slice(i, i + n);
        i += n;
        expect(fast.push(part)).toEqual(live.push(part));
        if ((i + round) % 3 === 0) expect(fast.snapshot()).toEqual(live.snapshot());
      }
      expect(fast.snapshot()).toEqual(value);
    }
  });

  it('reports an element in the push that closes it, after many fragments that could not', () => {
    const parser = new PartialJsonParser();
    const item = JSON.stringify(value.stories[0]);
    parser.push('{"stories": [');
    for (let i = 0; i < item.length - 1; i += 2) {
      const part = item.slice(i, Math.min(i + 2, item.length - 1));
      expect(parser.push(part).filter((e) => e.type === 'item')).toEqual([]);
    }
    expect(parser.push('},')).toEqual([
      { type: 'item', path: ['stories'], index: 0, value: value.stories[0] },
    ]);
  });
});

describe('PartialJsonParser on generated documents', () => {
  // Strings dense in brackets, quotes and backslash runs, so the scanner's quote and bracket jumps meet every
  // case: brackets inside strings, escaped quotes next to brackets, backslash runs split across fragments.
  const ALPHABET = ['{', '}', '[', ']', '"', '\\', '\\\\', ' ', 'a', '\n', 'é', ':', ','];
  function generator(seed: number) {
    let s = seed;
    // The LCG's high bits: its low bits repeat with short periods.
    const rand = (n: number) => ((s = (s * 1103515245 + 12345) & 0x7fffffff) >>> 16) % n;
    const str = () => Array.from({ length: rand(12) }, () => ALPHABET[rand(ALPHABET.length)]).join('');
    const val = (depth: number, container = false): unknown => {
      const kind = container ? 3 + rand(3) : depth > 3 ? rand(3) : rand(6);
      if (kind === 0) return str();
      if (kind === 1) return rand(2) === 0 ? rand(1000) - 500 : null;
      if (kind === 2) return rand(2) === 0;
      if (kind === 3) return Array.from({ length: rand(4) }, () => val(depth + 1));
      return Object.fromEntries(Array.from({ length: rand(4) }, () => [str(), val(depth + 1)]));
    };
    return { rand, doc: () => ({ stories: Array.from({ length: 1 + rand(5) }, () => val(1, true)) }) };
  }

  it('matches JSON.parse and reports every element once, in order, for random documents and splits', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const { rand, doc } = generator(seed);
      const value = doc() as { stories: unknown[] };
      const text = JSON.stringify(value, null, seed % 2 === 0 ? 2 : undefined);
      const parser = new PartialJsonParser();
      const items: unknown[] = [];
      for (let i = 0; i < text.length;) {
        const n = 1 + rand(seed % 3 === 0 ? 40 : 6);
        for (const e of parser.push(text.slice(i, i + n))) if (e.type === 'item') items.push(e.value);
        i += n;
      }
      expect(parser.isComplete).toBe(true);
      expect(parser.snapshot()).toEqual(JSON.parse(text));
      expect(items).toEqual(value.stories);
    }
  });
});

describe('PartialJsonParser and raw control characters (JSON.parse rejects them inside strings)', () => {
  const rejected = ['{"t": "a\tb"}', '["line\nbreak"]', '{"stories": [{"t": "x\u0001"}]}', '"\u001f"'];

  it.each(rejected)('reports %j as an error, never as a value', (text) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    for (const size of [1, 3, 64]) {
      const parser = new PartialJsonParser();
      const events = feed(parser, text, size);
      expect(events.filter((e) => e.type === 'done')).toEqual([]);
      expect(events.filter((e) => e.type === 'error')).toHaveLength(1);
    }
  });

  it.each([
    '{\n  "stories": [\n    {\n      "t": "a\nb"\n    },\n    {\n      "t": "ok"\n    }\n  ]\n}',
    '{\n  "stories": [\n    {\n      "t": "a\n[b",\n      "n": 1\n    }\n  ]\n}',
    // A raw line break before a bracket inside a string passes for layout until the brackets stop matching.
    '{\n  "stories": [\n    {\n      "t": "a\n{b",\n      "v": {\n        "w": 1\n      }\n    },\n    {}\n  ]\n}',
  ])(
    'reports a pretty-printed element with a raw line break in a string as an error, never as an item',
    (text) => {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      for (const size of [1, 5, 20, 1000]) {
        const events = feed(new PartialJsonParser(), text, size);
        expect(events).toEqual([
          {
            type: 'error',
            offset: expect.any(Number),
            message: expect.stringMatching(/^bad JSON: Bad control/),
          },
        ]);
      }
    },
  );

  it('previews a string only up to its first raw control character', () => {
    const parser = new PartialJsonParser();
    parser.push('{"t": "before\tafter');
    expect(parser.snapshot()).toEqual({ t: 'before' });
    const escaped = new PartialJsonParser();
    escaped.push('{"t": "before\\tafter');
    expect(escaped.snapshot()).toEqual({ t: 'before\tafter' });
  });

  it('agrees with JSON.parse on every string of characters 0-127 (done exactly when JSON.parse succeeds)', () => {
    for (let code = 0; code < 128; code++) {
      for (const text of [`["${String.fromCharCode(code)}"]`, `["a\\n${String.fromCharCode(code)}b"]`]) {
        let expected: unknown;
        try {
          expected = JSON.parse(text);
        } catch {
          expected = undefined;
        }
        const events = feed(new PartialJsonParser(), text, 2);
        const done = events.find((e) => e.type === 'done');
        expect(done ? (done as { value: unknown }).value : undefined).toEqual(expected);
      }
    }
  });
});
