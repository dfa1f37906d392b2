import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { extractLegacy } from './extractLegacy';
import { sharedDataDir } from '../../../../../test/support/sharedData';

const story = {
  title: 'Name the export',
  description: 'As a [user], I want to name files so that I find them',
  acceptanceCriteria: ['The dialog asks: what would you like to name the file?'],
};
const isStoryList = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'object' && s !== null && 'title' in s);

describe('extractLegacy: the old story-cascade bugs', () => {
  it('skips "As a [user]" prose before a bare JSON array', () => {
    const text = `Stories for: As a [user], I want exports.\n${JSON.stringify([story])}\nThanks!`;
    expect(extractLegacy(text, { expect: 'array' })).toEqual({
      ok: true,
      data: [story],
      strategy: 'embedded',
      repaired: false,
    });
  });

  it('does not reject a valid story list that contains a clarification phrase', () => {
    expect(extractLegacy(JSON.stringify([story]), { expect: 'array' })).toMatchObject({
      ok: true,
      strategy: 'whole_text',
    });
  });

  it('reports a clarification only when no acceptable JSON is present', () => {
    const r = extractLegacy('Before I proceed, could you clarify which exporter you mean?', {
      expect: 'array',
    });
    expect(r).toMatchObject({ ok: false, code: 'clarification' });
  });

  it('finds fences written with ~~~ and without a language, anywhere in the text', () => {
    expect(extractLegacy('Result:\n~~~\n[1, 2]\n~~~')).toMatchObject({
      ok: true,
      data: [1, 2],
      strategy: 'code_fence',
    });
    expect(extractLegacy('text ```json {"a": 1}``` more')).toMatchObject({
      ok: true,
      data: { a: 1 },
      strategy: 'json_fence',
    });
  });

  it('tries every candidate until the validator accepts one', () => {
    const text = `First [1, 2]. Then {"note": "x"}. Finally ${JSON.stringify([story])} and [3].`;
    expect(extractLegacy(text, { expect: 'array', accept: isStoryList })).toMatchObject({
      ok: true,
      data: [story],
    });
    expect(extractLegacy(text, { expect: 'object' })).toMatchObject({ ok: true, data: { note: 'x' } });
  });

  it('says invalid when JSON exists but nothing is acceptable, and survives a throwing validator', () => {
    const boom = () => {
      throw new Error('validator bug');
    };
    expect(extractLegacy('{"a": 1}', { expect: 'array' })).toMatchObject({ ok: false, code: 'invalid' });
    expect(extractLegacy('{"a": 1}', { accept: boom })).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('says no_json for prose, including prose with brackets and braces', () => {
    expect(extractLegacy('Use the {name} placeholder [see above].')).toMatchObject({
      ok: false,
      code: 'no_json',
    });
  });
});

describe('extractLegacy: truncation is never passed off as a complete answer', () => {
  it('reports a cut-off array even when a complete small value precedes it', () => {
    const text = 'Here are the [3] stories:\n[{"title": "A"}, {"title": "B';
    expect(extractLegacy(text, { expect: 'array' })).toMatchObject({ ok: false, code: 'truncated' });
  });

  it('keeps a complete ```json answer when only stray text after it is open', () => {
    const text = '```json\n{"a": 1}\n```\nUse it like {';
    expect(extractLegacy(text)).toMatchObject({ ok: true, data: { a: 1 } });
  });

  it('reports truncation at every cut of a large generated document', () => {
    const file = sharedDataDir('corpus', 'streaming', 'user-stories-200.json');
    const text = readFileSync(file, 'utf8');
    const cuts = 40;
    for (let k = 1; k < cuts; k++) {
      const cut = Math.floor((text.length * k) / cuts) + (k % 7); // vary the landing character
      const result = extractLegacy(`Here you go:\n\`\`\`json\n${text.slice(0, cut)}`);
      expect(result.ok, `cut at ${cut}`).toBe(false);
      expect(!result.ok && result.code).toBe('truncated');
    }
    expect(extractLegacy(text)).toMatchObject({ ok: true, data: JSON.parse(text) });
  });

  it('repairs a block whose closing fence came before its closing bracket', () => {
    expect(extractLegacy('```json\n{"a": [1, 2\n```\nDone.')).toMatchObject({
      ok: true,
      data: { a: [1, 2] },
      repaired: true,
    });
  });
});

describe('extractLegacy: repairs', () => {
  it.each([
    ["{'a': 'it\\'s', b: True, c: None, d: [1, 2,],}", { a: "it's", b: true, c: null, d: [1, 2] }],
    ['{"a": 1, // note\n "b": /* x */ 2}', { a: 1, b: 2 }],
    ['\u201c{\u201d', undefined],
    ['{\u201ca\u201d: \u201cb\u201d}', { a: 'b' }],
    ['"{\\"a\\": [1, \\"x\\"]}"', { a: [1, 'x'] }],
    ['{"k": ["a", "b"}, "k2": ["c"]}', { k: ['a', 'b'], k2: ['c'] }],
    ['{"q": "say "hi" now", "n": 1}', { q: 'say "hi" now', n: 1 }],
  ])('%j', (input, expected) => {
    const result = extractLegacy(input);
    if (expected === undefined) expect(result.ok).toBe(false);
    else expect(result).toMatchObject({ ok: true, data: expected, repaired: true });
  });
});
