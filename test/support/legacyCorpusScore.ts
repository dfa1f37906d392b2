// Scoring of the text fallback's extractor against the corpus, for its test and bench/legacy-corpus.bench.ts.
import { isDeepStrictEqual } from 'node:util';
import { extractLegacy, type LegacyResult } from '../../src/main/engines/claude-cli/legacy/extractLegacy';

/** One line of a corpus file in test/fixtures/corpus (llm-json-extraction.jsonl, inner-quotes.jsonl). */
export interface CorpusCase {
  input: string;
  expected: unknown;
  mode: 'strict' | 'repair' | 'partial' | 'none';
  kind: string;
  source?: string;
}

export type CorpusMode = CorpusCase['mode'];
export const CORPUS_MODES: readonly CorpusMode[] = ['strict', 'repair', 'partial', 'none'];

/** Best public extractor per mode on the same cases (corpus README, final-answer semantics). */
export const PUBLIC_ANCHORS: Readonly<Record<'strict' | 'repair' | 'none', { score: number; by: string }>> = {
  strict: { score: 63, by: 'the classic chain (whole parse, fence, bracket match, greedy regex)' },
  repair: { score: 62, by: 'jsonrepair + JSON.parse' },
  none: { score: 8, by: 'all eight libraries' },
};

export interface ModeScore {
  passed: number;
  total: number;
  failures: { index: number; kind: string; got: LegacyResult }[];
}

/**
 * Scores the legacy extractor as a final-answer extractor (corpus README):
 * strict/repair pass when the data deep-equals `expected`; partial passes when truncation is reported
 * (an error, never a shortened object); none passes on any error.
 */
export function scoreCorpus(cases: CorpusCase[]): Record<CorpusMode, ModeScore> {
  const empty = (): ModeScore => ({ passed: 0, total: 0, failures: [] });
  const scores: Record<CorpusMode, ModeScore> = {
    strict: empty(),
    repair: empty(),
    partial: empty(),
    none: empty(),
  };
  cases.forEach((c, index) => {
    const got = extractLegacy(c.input);
    const score = scores[c.mode];
    score.total++;
    const pass =
      c.mode === 'strict' || c.mode === 'repair'
        ? got.ok && isDeepStrictEqual(got.data, c.expected)
        : c.mode === 'partial'
          ? !got.ok && got.code === 'truncated'
          : !got.ok;
    if (pass) score.passed++;
    else score.failures.push({ index, kind: c.kind, got });
  });
  return scores;
}

export function parseCorpus(jsonl: string): CorpusCase[] {
  return jsonl
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CorpusCase);
}
