import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { PUBLIC_ANCHORS, parseCorpus, scoreCorpus } from '../../../../../test/support/legacyCorpusScore';
import { extractLegacy } from './extractLegacy';
import { sharedDataDir } from '../../../../../test/support/sharedData';

const corpusDir = sharedDataDir('corpus');

/** Regression floor: the scores reached when this was written (each mode's maximum). */
const MINIMUM = { strict: 64, repair: 73, partial: 73, none: 8 } as const;

describe('legacy extractor on the messy-LLM-JSON corpus', () => {
  const cases = parseCorpus(readFileSync(path.join(corpusDir, 'llm-json-extraction.jsonl'), 'utf8'));
  const scores = scoreCorpus(cases);

  it('reads all 218 cases with the documented mode sizes', () => {
    expect(cases).toHaveLength(218);
    expect([scores.strict.total, scores.repair.total, scores.partial.total, scores.none.total]).toEqual([
      64, 73, 73, 8,
    ]);
  });

  it.each(['strict', 'repair', 'partial', 'none'] as const)('%s mode stays at or above its floor', (mode) => {
    const failures = scores[mode].failures.map((f) => `#${f.index + 1} ${f.kind}`);
    expect(failures).toEqual([]);
    expect(scores[mode].passed).toBeGreaterThanOrEqual(MINIMUM[mode]);
  });

  it('beats the best public extractor in strict, repair and none at once', () => {
    expect(scores.strict.passed).toBeGreaterThan(PUBLIC_ANCHORS.strict.score);
    expect(scores.repair.passed).toBeGreaterThan(PUBLIC_ANCHORS.repair.score);
    expect(scores.none.passed).toBeGreaterThanOrEqual(PUBLIC_ANCHORS.none.score);
  });
});

describe('legacy extractor on ambiguous multi-JSON texts', () => {
  const lines = readFileSync(path.join(corpusDir, 'ambiguous-multi-json.jsonl'), 'utf8').split('\n');
  const cases = lines
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { input: string; candidates: unknown[]; kind: string });

  it('has the 6 documented cases', () => {
    expect(cases).toHaveLength(6);
  });

  it.each(cases.flatMap((c, i) => c.candidates.map((candidate, j) => ({ c, i, j, candidate }))))(
    'case $i: a validator that accepts only candidate $j gets candidate $j',
    ({ c, candidate }) => {
      const result = extractLegacy(c.input, { accept: (v) => isDeepStrictEqual(v, candidate) });
      expect(result).toMatchObject({ ok: true, data: candidate });
    },
  );

  it('without a validator takes the corrected version over its draft', () => {
    const draft = cases.find((c) => c.kind === 'draft_then_final')!;
    expect(extractLegacy(draft.input)).toMatchObject({
      ok: true,
      data: { title: 'v2' },
      strategy: 'json_fence',
    });
  });
});

describe('legacy extractor on strings holding unescaped quotes', () => {
  const cases = parseCorpus(readFileSync(path.join(corpusDir, 'inner-quotes.jsonl'), 'utf8'));
  const scores = scoreCorpus(cases);

  it('reads the 13 written cases: 8 with one reading, 5 without', () => {
    expect([cases.length, scores.repair.total, scores.none.total]).toEqual([13, 8, 5]);
  });

  it.each(['repair', 'none'] as const)('%s: every case passes', (mode) => {
    expect(scores[mode].failures.map((f) => `#${f.index + 1} ${f.kind}`)).toEqual([]);
  });

  it.each(cases.filter((c) => c.mode === 'none').map((c) => [c.input, c] as const))(
    'refuses %j as ambiguous, saying which string, never a guess',
    (_input, c) => {
      const result = extractLegacy(c.input);
      expect(result).toMatchObject({ ok: false, code: 'ambiguous_repair' });
      if (!result.ok) expect(result.message).toMatch(/(string|key) (".*" )?at offset \d+/);
    },
  );

  it('gives no object with a key that is not written as a key in the text', () => {
    for (const c of cases) {
      const result = extractLegacy(c.input);
      if (!result.ok) continue;
      for (const key of keysOf(result.data)) expect(c.input).toContain(`"${key}":`);
    }
  });
});

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
}
