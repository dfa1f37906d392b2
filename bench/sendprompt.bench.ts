// sendPrompt end to end (gate, runner, stream-json reader, extraction, ajv validation, envelope unwrap, live
// preview) over a transcript replayed by test/support/fakeClaude.mjs, against a bare spawn of the same replay
// that only collects stdout. Both in the same run, interleaved; the ratio of medians is the overhead (goal ≤ 1.2×).
// Measured in CPU (this process's plus the replaying child's own, which it reports at exit), so a loaded machine
// does not skew the ratio; wall time is shown beside it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { constants as perfConstants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '../src/main/core/logger';
import { ConcurrencyGate } from '../src/main/llm/gate';
import { createSendPrompt } from '../src/main/llm/sendPrompt';
import type { SendPromptRequest } from '../src/main/llm/promptTypes';
import { cliSpawner, type SpawnOptions } from '../src/main/engines/claude-cli/spawnCli';
import { fakeClaudeEnv, fakeClaudePath } from '../test/support/fakeCli';
import { largeStoriesOutput } from './largeStories';
import type { BenchModule } from './types';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.resolve(here, '../../shared/fixtures/cli/m10-2.1.330-happy.jsonl');
const PERSON = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name', 'age'],
  additionalProperties: false,
};
const RUNS = 41;
const WARMUP = 3;

/**
 * A 2.1.330-shaped transcript (the CLI's envelope on every line) of a ~300 KB stories answer streamed as 20-byte
 * input_json_delta fragments.
 */
function largeStoriesTranscript(): { file: string; bytes: number } {
  const output = largeStoriesOutput();
  const json = JSON.stringify(output);
  const line = (o: unknown) => JSON.stringify(o);
  // The envelope as the CLI prints it: the session id, then a fresh uuid on every line.
  const session = '39717606-0392-4a93-ab1b-92bf9cd25a91';
  let lineNo = 0;
  const uuid = () => `c55e668e-c166-4e78-b57b-${String(lineNo++).padStart(12, '0')}`;
  const se = (event: unknown) =>
    line({ type: 'stream_event', event, session_id: session, parent_tool_use_id: null, uuid: uuid() });
  const lines = [
    line({
      type: 'system',
      subtype: 'init',
      session_id: session,
      tools: ['StructuredOutput'],
      model: 'claude-sonnet-4-5',
      claude_code_version: '2.1.330',
    }),
    se({ type: 'message_start', message: { id: 'msg_1', role: 'assistant', content: [] } }),
    se({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'StructuredOutput', input: {} },
    }),
  ];
  for (let i = 0; i < json.length; i += 20) {
    lines.push(
      se({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: json.slice(i, i + 20) },
      }),
    );
  }
  lines.push(
    se({ type: 'content_block_stop', index: 0 }),
    line({
      type: 'assistant',
      message: {
        id: 'msg_1',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'StructuredOutput', input: output }],
      },
      session_id: session,
    }),
    line({
      type: 'user',
      message: {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Structured output provided successfully' },
        ],
      },
      session_id: session,
    }),
    line({
      type: 'result',
      subtype: 'success',
      is_error: false,
      num_turns: 2,
      duration_ms: 900,
      total_cost_usd: 0.02,
      session_id: session,
      result: json,
      structured_output: output,
    }),
  );
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'puffin-bench-')), 'large-stories.jsonl');
  const text = lines.join('\n') + '\n';
  writeFileSync(file, text);
  return { file, bytes: Buffer.byteLength(text) };
}

/** What sendPrompt passed to its spawner, so the baseline starts the CLI exactly the same way. */
interface SpawnCall {
  command: string;
  args: readonly string[];
  options: SpawnOptions;
}

/**
 * The baseline: the same spawner (cliSpawner, own process group), the same command, argv, environment and
 * stdin that sendPrompt used; it only drains stdout and waits for exit. With `parse`, it also JSON.parses every
 * line: the least any consumer of stream-json must do, which shows what is ours beyond it.
 */
async function bareSpawn(call: SpawnCall, parse: boolean): Promise<number> {
  const child = (await cliSpawner())(call.command, call.args, call.options);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.resume();
  await child.exited;
  let lines = 0;
  if (parse) {
    for (const line of Buffer.concat(chunks).toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      JSON.parse(line);
      lines++;
    }
  }
  return lines;
}

const SIDES = ['bare', 'parsed', 'ours'] as const;
type Side = (typeof SIDES)[number];

/** Which of the given [start, end) windows (performance.now() times) hold the start of a major GC. */
function withMajorGc(windows: [number, number][], gcs: PerformanceEntry[]): boolean[] {
  const majors = gcs.filter(
    (e) =>
      (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ===
      perfConstants.NODE_PERFORMANCE_GC_MAJOR,
  );
  return windows.map(([t0, t1]) => majors.some((e) => e.startTime >= t0 && e.startTime < t1));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const cpuFile = path.join(mkdtempSync(path.join(tmpdir(), 'puffin-bench-cpu-')), 'child-cpu.jsonl');

/** The CPU (ms) the last replaying child reported for itself at exit. */
function lastChildCpuMs(): number {
  const lines = readFileSync(cpuFile, 'utf8').trim().split('\n');
  const { user, system } = JSON.parse(lines.at(-1)!) as { user: number; system: number };
  return (user + system) / 1000;
}

async function measure(
  label: string,
  scenario: string,
  request: Omit<SendPromptRequest, 'workflow' | 'prompt'>,
) {
  const env = { ...process.env, ...fakeClaudeEnv({ scenario }), FAKE_CLAUDE_CPU_FILE: cpuFile };
  let recorded: SpawnCall | undefined;
  const spawner = await cliSpawner();
  const sendPrompt = createSendPrompt({
    locate: async () => ({
      path: fakeClaudePath(),
      source: 'env',
      command: fakeClaudePath(),
      argsPrefix: [],
    }),
    gate: new ConcurrencyGate(1),
    logger: silentLogger,
    settings: () => ({}),
    env: () => env,
    spawn: (command, args, options) => {
      recorded ??= { command, args, options };
      return spawner(command, args, options);
    },
  });
  const prompt = 'Extract the person: Ada Lovelace is 36.';
  const times = { ours: [] as number[], bare: [] as number[], parsed: [] as number[] };
  const cpu = { ours: [] as number[], bare: [] as number[], parsed: [] as number[] };
  const windows: Record<Side, [number, number][]> = { ours: [], bare: [], parsed: [] };
  // Major GCs are reported per side: one costs ~20 ms of CPU here, whichever side's run it falls in.
  const gcs: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => gcs.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  for (let i = 0; i < WARMUP + RUNS; i++) {
    // Interleaved, rotating which goes first, so drift in machine load hits every side alike.
    for (let k = 0; k < SIDES.length; k++) {
      const which = SIDES[(i + k) % SIDES.length]!;
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      if (which === 'ours' || !recorded) await sendPrompt({ workflow: 'cli-prompt', prompt, ...request });
      else await bareSpawn(recorded, which === 'parsed');
      const own = process.cpuUsage(c0);
      if (i >= WARMUP) {
        windows[which].push([t0, performance.now()]);
        times[which].push(performance.now() - t0);
        cpu[which].push((own.user + own.system) / 1000 + lastChildCpuMs());
      }
    }
  }
  gcs.push(...observer.takeRecords());
  observer.disconnect();
  const [ours, bare, parsed] = [median(cpu.ours), median(cpu.bare), median(cpu.parsed)];
  const wall = median(times.ours) / median(times.bare);
  const major = {
    ours: withMajorGc(windows.ours, gcs),
    bare: withMajorGc(windows.bare, gcs),
    parsed: withMajorGc(windows.parsed, gcs),
  };
  const count = (flags: boolean[]) => flags.filter(Boolean).length;
  const majorGcs = { ours: count(major.ours), bare: count(major.bare), parsed: count(major.parsed) };
  // The medians over the runs no major GC fell in (NaN when there is none): what each side costs by itself.
  const withoutMajor = (side: Side) => median(cpu[side].filter((_, k) => !major[side][k]));
  const noMajor = { ours: withoutMajor('ours'), bare: withoutMajor('bare') };
  return {
    label,
    ours,
    bare,
    parsed,
    ratio: ours / bare,
    ratioParsed: ours / parsed,
    wall,
    majorGcs,
    noMajor,
  };
}

export default {
  title: 'sendPrompt end to end vs a bare spawn of the same replay',
  async run() {
    const loadBefore = loadavg()[0]!;
    const large = largeStoriesTranscript();
    let previews = 0;
    const rows = [
      await measure('m10 2.1.330 happy (recorded, 6 lines)', FIXTURE, { schema: PERSON }),
      await measure(
        `stories, ${Math.round(large.bytes / 1024)} KB transcript, 20-byte deltas, live preview on`,
        large.file,
        {
          schema: 'stories',
          preview: () => void previews++,
        },
      ),
    ];
    const table = [
      `| transcript | sendPrompt CPU (ms) | bare spawn CPU (ms) | ratio (goal ≤ 1.2×) | bare spawn + JSON.parse per line CPU (ms) | ratio to it | wall-time ratio | runs of ${RUNS} with a major GC: sendPrompt / bare / JSON.parse |`,
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.label} | ${r.ours.toFixed(1)} | ${r.bare.toFixed(1)} | ${r.ratio.toFixed(2)}× ${r.ratio <= 1.2 ? '(met)' : '(NOT met)'} | ${r.parsed.toFixed(1)} | ${r.ratioParsed.toFixed(2)}× | ${r.wall.toFixed(2)}× | ${r.majorGcs.ours} / ${r.majorGcs.bare} / ${r.majorGcs.parsed} |`,
      ),
    ];
    return [
      `CPU = this process's user + system time during the run plus the replaying child's own (reported by it at exit). Median of ${RUNS} interleaved runs each (after ${WARMUP} warm-up), both spawning \`test/support/fakeClaude.mjs\` replaying the same transcript through the same spawner (node:child_process on POSIX, execa on Windows; own process group) with the argv, environment and stdin sendPrompt used. The bare side only drains stdout and waits for exit; sendPrompt also decodes every line, extracts, validates with ajv, unwraps the envelope and (second row) feeds ${previews > 0 ? 'every' : 'no'} input_json_delta to the preview parser.`,
      '',
      ...table,
      '',
      `A major GC costs this process ~20 ms of CPU (mostly concurrent marking of its ~12 MB heap) in whichever side's run V8 finishes it (the last column counts the runs in which one was finished, so the medians above depend on where they fall). Medians over the runs without one: ${rows.map((r) => `${r.label}: sendPrompt ${r.noMajor.ours.toFixed(1)} ms vs bare ${r.noMajor.bare.toFixed(1)} ms (${(r.noMajor.ours / r.noMajor.bare).toFixed(2)}×)`).join('; ')}.`,
      '',
      `Machine load average (1 min) ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after, on ${cpus().length} CPUs. CPU ratios hold roughly under load, but a busy machine makes them noisier (cache and scheduler pressure fall on the side doing more work).`,
      '',
      "What sendPrompt does beyond the bare spawn on the large transcript, and what was cut (issue 15 item 3): a raw-line activity event for every stdout line is built only when someone reads the activity (onEngineEvent; this bench, like a preview-only call, has none), which also dropped a JSON.stringify of the answer-sized assistant and result lines per call (~5 ms); when only the preview listens, the CLI's 14,815 delta lines reach it as their fields (StreamJsonReader's sink: no event object per line, ~3 MB less to collect per call) and each stdout chunk's fragments as one parser push instead of one per line; a delta line is matched by two sticky regexes that also give the fragment's end, with no second scan of it. What is left: decoding, splitting and matching the 4.8 MB (~4 ms), collecting what that allocates (decoded chunks, the two answer-sized lines and their parse, ~1.5–3 ms), the check for stray processes after exit (every process's environment in /proc read for the run's marker, runMarker.ts: ~1 ms at ~110 processes, one open of /proc/PID/environ each, which no cheaper /proc file avoids), the preview parser's own work (~1–2 ms, src/main/llm/preview) and ~1 ms of fixed cost (gate, argv, extraction, ajv). Against a spawn that also JSON.parses each line (fourth column, the floor any consumer of stream-json pays) sendPrompt is as cheap or cheaper (0.86–1.03× in this session's runs). The bare side is cheaper since this session too (node:child_process instead of execa on both sides), which leaves the 1.2× goal about 10 ms. Interleaving matters: the JSON.parse side leaves ~25 MB of garbage per run, part of which is collected during sendPrompt's runs and counted as its CPU (without that side sendPrompt's own CPU was 0–3 ms lower in side-by-side checks); the bench keeps all three sides as they were.",
    ].join('\n');
  },
} satisfies BenchModule;
