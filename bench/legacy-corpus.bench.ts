// Legacy (deprecated) text extractor vs the messy-LLM-JSON corpus: per-mode counts against the public anchors,
// and against the classic chain the old Puffin extractors used, re-implemented here and measured in the same run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { BenchModule } from './types';
import {
  CORPUS_MODES,
  PUBLIC_ANCHORS,
  parseCorpus,
  scoreCorpus,
  type CorpusCase,
} from '../test/support/legacyCorpusScore';
import { extractLegacy } from '../src/main/engines/claude-cli/legacy/extractLegacy';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpusFile = path.resolve(repoRoot, 'test/fixtures/corpus/llm-json-extraction.jsonl');

const tryParse = (s: string | undefined): { ok: true; value: unknown } | { ok: false } => {
  if (s === undefined) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(s) };
  } catch {
    return { ok: false };
  }
};

/** String-aware bracket matching from the first `{` or `[` (the old findJsonArray, generalised). */
function firstBalanced(text: string): string | undefined {
  const start = text.search(/[[{]/);
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/** The classic chain: whole parse → first fence → bracket match → greedy regex. */
function classicChain(text: string): { ok: true; value: unknown } | { ok: false } {
  const attempts = [
    () => text.trim(),
    () => /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1],
    () => firstBalanced(text),
    () => /[[{][\s\S]*[\]}]/.exec(text)?.[0],
  ];
  for (const attempt of attempts) {
    const parsed = tryParse(attempt());
    if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) return parsed;
  }
  return { ok: false };
}

function scoreClassic(cases: CorpusCase[]): Record<string, number> {
  const passed: Record<string, number> = { strict: 0, repair: 0, partial: 0, none: 0 };
  for (const c of cases) {
    const got = classicChain(c.input);
    const ok =
      c.mode === 'strict' || c.mode === 'repair'
        ? got.ok && isDeepStrictEqual(got.value, c.expected)
        : !got.ok;
    if (ok) passed[c.mode]!++;
  }
  return passed;
}

function timePerPass(fn: () => void, minMs = 300): number {
  fn(); // warm up
  let runs = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    fn();
    runs++;
  }
  return (performance.now() - t0) / runs;
}

export default {
  title: 'Legacy text extractor on the messy-LLM-JSON corpus',
  async run() {
    const cases = parseCorpus(readFileSync(corpusFile, 'utf8'));
    const ours = scoreCorpus(cases);
    const classic = scoreClassic(cases);
    const anchor = (m: string) =>
      m in PUBLIC_ANCHORS ? String(PUBLIC_ANCHORS[m as keyof typeof PUBLIC_ANCHORS].score) : '–';
    const rows = CORPUS_MODES.map(
      (m) =>
        `| ${m} | **${ours[m].passed}/${ours[m].total}** | ${anchor(m)} | ${classic[m]}/${ours[m].total} |`,
    );
    const oursMs = timePerPass(() => cases.forEach((c) => extractLegacy(c.input)));
    const classicMs = timePerPass(() => cases.forEach((c) => classicChain(c.input)));
    return [
      `${cases.length} cases. Scoring as the corpus README says: strict/repair must deep-equal \`expected\`;`,
      'partial must be reported as `truncated` (never a shorter object); none must be an error.',
      '',
      '| mode | ours | best public anchor | classic chain (this run) |',
      '|---|---|---|---|',
      ...rows,
      '',
      `Anchors: strict — ${PUBLIC_ANCHORS.strict.by}; repair — ${PUBLIC_ANCHORS.repair.by}; none — ${PUBLIC_ANCHORS.none.by}.`,
      'The classic chain counts "partial" as passed on any error (it cannot tell truncation apart).',
      '',
      `Time for one pass over all ${cases.length} cases: ours / classic chain = **${(oursMs / classicMs).toFixed(2)}×**.`,
    ].join('\n');
  },
} satisfies BenchModule;
