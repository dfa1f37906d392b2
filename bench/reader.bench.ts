// StreamJsonReader throughput: a 50 MB synthetic stream-json transcript (many stream_event lines plus one 10 MB
// assistant line) fed in 64 KB byte chunks, against the bare baseline: decode, split('\n'), JSON.parse per line.
import type { BenchModule } from './types';
import { StreamJsonReader } from '../src/main/llm/stream/streamJsonReader';

const CHUNK = 64 * 1024;
const TOTAL = 50 * 1024 * 1024;
const BIG_LINE = 10 * 1024 * 1024;

function transcript(): Uint8Array {
  const lines: string[] = [
    JSON.stringify({
      type: 'system',
      subtype: 'init',
      claude_code_version: '2.1.330',
      tools: ['StructuredOutput'],
    }),
  ];
  const stories: unknown[] = [];
  let bigSize = 0;
  for (let k = 0; bigSize < BIG_LINE; k++) {
    const story = {
      title: `Story ${k} — export reports`,
      description: 'As a team lead, I want to export reports so that I can share them. ünïcödé 🐦',
      acceptanceCriteria: ['CSV and PDF', 'Keeps filters', `Named "report-${k}.csv"`],
    };
    bigSize += JSON.stringify(story).length + 1;
    stories.push(story);
  }
  const big = JSON.stringify({
    type: 'assistant',
    message: {
      id: 'msg_big',
      content: [{ type: 'tool_use', id: 'tu', name: 'StructuredOutput', input: { stories } }],
    },
  });
  let size = big.length;
  for (let k = 0; size < TOTAL; k++) {
    const line = JSON.stringify({
      type: 'stream_event',
      event: {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: `{"t":"é ${k}` },
      },
      session_id: '39717606-0392-4a93-ab1b-92bf9cd25a91',
      parent_tool_use_id: null,
      uuid: `c55e668e-c166-4e78-b57b-${String(k).padStart(12, '0')}`,
    });
    lines.push(line);
    size += line.length + 1;
    if (k === 80_000) lines.push(big); // the huge line sits in the middle, spanning ~160 chunks
  }
  lines.push(
    JSON.stringify({ type: 'result', subtype: 'success', is_error: false, structured_output: { ok: 1 } }),
  );
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

function viaReader(bytes: Uint8Array): number {
  const reader = new StreamJsonReader();
  let events = 0;
  for (let i = 0; i < bytes.length; i += CHUNK) events += reader.push(bytes.subarray(i, i + CHUNK)).length;
  return events + reader.end().length;
}

function viaSplit(bytes: Uint8Array): number {
  let parsed = 0;
  for (const line of new TextDecoder().decode(bytes).split('\n')) {
    if (line === '') continue;
    JSON.parse(line);
    parsed++;
  }
  return parsed;
}

export default {
  title: 'stream-json reader throughput',
  async run() {
    const bytes = transcript();
    const expected = viaSplit(bytes);
    if (viaReader(bytes) !== expected) throw new Error('reader and baseline disagree on the number of lines');
    const reader: number[] = [];
    const split: number[] = [];
    for (let r = 0; r < 5; r++) {
      let t0 = performance.now();
      viaReader(bytes);
      reader.push(performance.now() - t0);
      t0 = performance.now();
      viaSplit(bytes);
      split.push(performance.now() - t0);
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const mb = bytes.length / 1024 / 1024;
    const rate = (ms: number) => `${(mb / (ms / 1000)).toFixed(0)} MB/s`;
    const ratio = med(split) / med(reader);
    return [
      `${mb.toFixed(1)} MB, ${expected.toLocaleString('en')} lines (one of ${(BIG_LINE / 1024 / 1024).toFixed(0)} MB), fed in 64 KB byte chunks; medians of 5 alternating runs.`,
      '',
      '| reader | median | rate |',
      '|---|---|---|',
      `| decode + split('\\n') + JSON.parse per line (baseline) | ${med(split).toFixed(0)} ms | ${rate(med(split))} |`,
      `| StreamJsonReader (typed CliEvents) | ${med(reader).toFixed(0)} ms | ${rate(med(reader))} |`,
      '',
      `StreamJsonReader runs at **${(ratio * 100).toFixed(0)}%** of the baseline's rate (goal ≥ 70%).`,
    ].join('\n');
  },
} satisfies BenchModule;
