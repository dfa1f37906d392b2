// Live preview cost: the 300 KB structured output replayed as 20-character input_json_delta fragments through
// PartialJsonParser, against one JSON.parse of the whole text and against AI SDK parsePartialJson per delta.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { parsePartialJson } from 'ai';
import type { BenchModule } from './types';
import { PartialJsonParser } from '../src/main/llm/preview/partialJsonParser';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchFile = path.resolve(repoRoot, '../shared/corpus/streaming/bench-300k.json');
const DELTA = 20;

/** Published medians on bench-300k.json in 20-character chunks (corpus README), one machine, one run. */
const ANCHORS_MS = {
  'one JSON.parse of the whole text': 5.2,
  '@streamparser/json': 37,
  'AI SDK parsePartialJson per chunk': 23_100,
  'partial-json per chunk': 26_000,
  'LangChain per chunk': 67_600,
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Runs a and b alternately so both see the same machine load; returns each one's median and minimum. */
function timeInterleaved(a: () => void, b: () => void, pairs: number) {
  for (let w = 0; w < 5; w++) {
    a();
    b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let r = 0; r < pairs; r++) {
    let t0 = performance.now();
    a();
    ta.push(performance.now() - t0);
    t0 = performance.now();
    b();
    tb.push(performance.now() - t0);
  }
  return { a: { median: median(ta), min: Math.min(...ta) }, b: { median: median(tb), min: Math.min(...tb) } };
}

export default {
  title: 'Live preview: incremental partial-JSON parser',
  async run() {
    const text = readFileSync(benchFile, 'utf8');
    const deltas: string[] = [];
    for (let i = 0; i < text.length; i += DELTA) deltas.push(text.slice(i, i + DELTA));
    const expected: unknown = JSON.parse(text);

    let items = 0;
    let last: PartialJsonParser | undefined;
    const preview = () => {
      const parser = new PartialJsonParser();
      items = 0;
      for (const d of deltas) items += parser.push(d).length;
      last = parser;
    };
    const times = timeInterleaved(preview, () => JSON.parse(text), 41);
    if (!isDeepStrictEqual(last?.snapshot(), expected))
      throw new Error('preview result differs from JSON.parse');
    const oursMs = times.a.median;
    const parseMs = times.b.median;

    // The AI SDK re-parses the accumulated text on every delta (quadratic); one full run is enough to time it.
    let accumulated = '';
    const t0 = performance.now();
    for (const d of deltas) {
      accumulated += d;
      await parsePartialJson(accumulated);
    }
    const aiSdkMs = performance.now() - t0;

    const anchorParse = ANCHORS_MS['one JSON.parse of the whole text'];
    const anchorRows = Object.entries(ANCHORS_MS).map(
      ([name, ms]) => `| ${name} | ${ms.toLocaleString('en')} ms | ${(ms / anchorParse).toFixed(1)}× |`,
    );
    return [
      `\`bench-300k.json\`: ${text.length.toLocaleString('en')} characters in ${deltas.length.toLocaleString('en')} deltas of ${DELTA}; ${items} preview events.`,
      '',
      '| this run | median | ratio to one JSON.parse |',
      '|---|---|---|',
      `| one JSON.parse of the whole text | ${parseMs.toFixed(2)} ms | 1× |`,
      `| PartialJsonParser, all deltas | ${oursMs.toFixed(2)} ms | **${(oursMs / parseMs).toFixed(2)}×** (goal ≤ 3×; best runs ${(times.a.min / times.b.min).toFixed(2)}×) |`,
      `| AI SDK \`parsePartialJson\` per delta (1 run) | ${aiSdkMs.toFixed(0)} ms | ${(aiSdkMs / parseMs).toFixed(0)}× |`,
      '',
      `PartialJsonParser is **${(aiSdkMs / oursMs).toFixed(0)}×** faster than AI SDK \`parsePartialJson\` per delta in this run.`,
      '',
      'Published anchors on the same file and chunking (corpus README; another machine, so only their ratios compare):',
      '',
      '| anchor | median | ratio to JSON.parse |',
      '|---|---|---|',
      ...anchorRows,
    ].join('\n');
  },
} satisfies BenchModule;
