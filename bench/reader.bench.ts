// StreamJsonReader throughput, as the app runs it (runCli's sink) and returning events: a 50 MB synthetic
// stream-json transcript (many stream_event lines plus one 10 MB assistant line) fed in 64 KB byte chunks, against
// the bare baselines: decode, split('\n'), JSON.parse per line; and a careful streaming reader.
import { ownCpuMs } from './childCpu';
import type { BenchModule } from './types';
import { StreamJsonReader } from '../src/main/engines/claude-cli/stream/streamJsonReader';

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

/**
 * The reader as the app runs it (runCli with a delta listener, the CLI engine's default): sink mode, events handed
 * to event(), runs of delta lines to delta() as their fields; with
 * `rawLines` (History kept) each run also carries its lines. Returns the lines seen.
 */
function viaAppPath(bytes: Uint8Array, rawLines: boolean): number {
  let lines = 0;
  let runs = 0;
  const reader = new StreamJsonReader({
    sink: {
      event: () => lines++,
      delta: (_index, _json, _parent, _message, raw) => {
        runs++;
        if (raw) lines += raw.count;
      },
    },
    rawLines,
  });
  for (let i = 0; i < bytes.length; i += CHUNK) reader.push(bytes.subarray(i, i + CHUNK));
  reader.end();
  return rawLines ? lines : lines + runs;
}

/**
 * A careful streaming reader, the fair baseline: per 64 KB chunk, find newlines in the bytes, decode only the
 * line's bytes (a line split across chunks is joined once), JSON.parse it. No whole-transcript string, no
 * re-scanning of a pending huge line.
 */
function viaStreaming(bytes: Uint8Array): number {
  const decoder = new TextDecoder();
  let pending: Uint8Array[] = [];
  let parsed = 0;
  const parse = (line: string) => {
    if (line === '') return;
    JSON.parse(line);
    parsed++;
  };
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const chunk = bytes.subarray(i, i + CHUNK);
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (pending.length > 0) {
        pending.push(piece);
        parse(decoder.decode(Buffer.concat(pending)));
        pending = [];
      } else parse(decoder.decode(piece));
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) parse(decoder.decode(Buffer.concat(pending)));
  return parsed;
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

/** CPU ms of one call: a loaded machine preempting one reader does not skew the comparison. */
function time(f: () => unknown): number {
  const t0 = ownCpuMs();
  f();
  return ownCpuMs() - t0;
}

export default {
  title: 'stream-json reader throughput',
  async run() {
    const bytes = transcript();
    const expected = viaSplit(bytes);
    if (
      viaReader(bytes) !== expected ||
      viaStreaming(bytes) !== expected ||
      viaAppPath(bytes, true) !== expected
    )
      throw new Error('reader and baselines disagree on the number of lines');
    const reader: number[] = [];
    const split: number[] = [];
    const streaming: number[] = [];
    const app: number[] = [];
    const appRaw: number[] = [];
    const sides = [
      () => app.push(time(() => viaAppPath(bytes, false))),
      () => appRaw.push(time(() => viaAppPath(bytes, true))),
      () => reader.push(time(() => viaReader(bytes))),
      () => split.push(time(() => viaSplit(bytes))),
      () => streaming.push(time(() => viaStreaming(bytes))),
    ];
    // Rotating which side goes first, so drift in machine load hits every side alike.
    for (let r = 0; r < 9; r++) for (let k = 0; k < sides.length; k++) sides[(r + k) % sides.length]!();
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const mb = bytes.length / 1024 / 1024;
    const rate = (ms: number) => `${(mb / (ms / 1000)).toFixed(0)} MB/s`;
    const ratio = med(split) / med(app);
    const ratioStreaming = med(streaming) / med(app);
    const pct = (base: number[], ours: number[]) => `${((med(base) / med(ours)) * 100).toFixed(0)}%`;
    return [
      `${mb.toFixed(1)} MB, ${expected.toLocaleString('en')} lines (one of ${(BIG_LINE / 1024 / 1024).toFixed(0)} MB), fed in 64 KB byte chunks; medians of 9 rotating runs.`,
      '',
      '| reader | median | rate |',
      '|---|---|---|',
      `| decode + split('\\n') + JSON.parse per line (baseline) | ${med(split).toFixed(0)} ms | ${rate(med(split))} |`,
      `| careful streaming reader: newline search in bytes, decode per line, JSON.parse (baseline) | ${med(streaming).toFixed(0)} ms | ${rate(med(streaming))} |`,
      `| **StreamJsonReader as the app runs it** (runCli's sink: events to event(), delta runs to delta()) | ${med(app).toFixed(0)} ms | ${rate(med(app))} |`,
      `| the same with History kept (each delta run with its raw lines) | ${med(appRaw).toFixed(0)} ms | ${rate(med(appRaw))} |`,
      `| StreamJsonReader returning typed CliEvents from push() (no sink: tests and transcript files) | ${med(reader).toFixed(0)} ms | ${rate(med(reader))} |`,
      '',
      `As the app runs it, StreamJsonReader runs at **${(ratio * 100).toFixed(0)}%** of the split-and-parse rate and **${(ratioStreaming * 100).toFixed(0)}%** of the careful streaming reader's rate (goal ≥ 70% of each); with History kept at ${pct(split, appRaw)} and ${pct(streaming, appRaw)}; returning events from push() at ${pct(split, reader)} and ${pct(streaming, reader)}.`,
    ].join('\n');
  },
} satisfies BenchModule;
