// sendPrompt end to end (gate, runner, stream-json reader, extraction, ajv validation, envelope unwrap, live
// preview) over a transcript replayed by test/support/fakeClaude.mjs (a line per write), against a bare spawn of the same replay
// that only collects stdout. Both in the same run, interleaved; the ratio of medians is the overhead (a figure kept, no longer a target: no user waits on it).
// Measured in CPU (this process's plus the replaying child's own, which it reports at exit), so a loaded machine
// does not skew the ratio; wall time is shown beside it.
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { largeStoriesTranscript } from './largeStories';
import type { SideCommand, SideReply } from './sendpromptSide';
import {
  bareSpawn,
  benchEnv,
  historyFileRuns,
  benchSendPrompt,
  timedSideRun,
  median,
  SIDES,
  withMajorGc,
  type BenchRequest,
  type Side,
  type SpawnCall,
} from './sendpromptSides';
import type { BenchModule } from './types';
import { scratchDir } from '../test/support/scratchDir';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.resolve(here, '../test/fixtures/cli/m10-2.1.330-happy.jsonl');
const PERSON = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name', 'age'],
  additionalProperties: false,
};
const RUNS = 41;
/**
 * Runs per side of the kept table (each side in its own process). On this 2-CPU VM one side's CPU for the same
 * replay spreads over ~1.8x (52-96 ms for the bare side in one run of the bench), so the median of 41 moved the
 * ratio by up to ~0.1x between runs of the bench; 121 roughly halves that.
 */
const ISOLATED_RUNS = 121;
const WARMUP = 3;
/** Where sendPrompt's CPU beyond the bare spawn goes, and what was cut (measured while working on it). */
const WHAT_IS_LEFT = [
  "How sendPrompt read the large transcript while the WebAssembly delta scanner existed (since deleted: it did not pay, see _Performance machinery, with and without_; the regex fast path reads the delta lines now). The CLI's 14,815 delta lines were recognised in stdout's bytes by a WebAssembly scanner (`src/main/engines/claude-cli/stream/deltaScanner.wat`, 128-bit SIMD): it checks exactly the shape the JavaScript fast path accepts with 16-byte compares, decodes the fragments' escapes, joins the fragments of a run of lines (one block of one agent) and hands JavaScript one string per run, about 75 per call; a line it declines (malformed UTF-8, an escape beyond ASCII, non-ASCII ids, another shape) goes the JavaScript way, and the differential tests check that both hand over the same calls. A 64 KB chunk of delta lines is therefore never decoded into a string nor matched line by line in JavaScript, which cost ~175 ns a line (two sticky regexes, the newline search, a call per line). In a process running only sendPrompt, with 150 ms idle between calls as the bench's other sides make it: own CPU per call ~20-22 ms before the scanner and ~15-16 ms with it (the bare side's ~8.5 ms), allocation per call 8.7 MB before and 4.9 MB with it, scavenges per call 0.6 before and 0.27 with it.",
  "Where sendPrompt's own CPU goes now, from a CPU profile of that process (100 calls; shares of its samples outside the bench's start-up): spawning the CLI 30 % (the bare side pays the same), reading the lines other than deltas 20 % (almost all of it assembling and parsing the two answer-sized lines, the assistant message and the result, ~1 MB together, each spread over many chunks), Node's stream plumbing, promises and runCli 21 %, the scanner 9.5 %, scavenges 6 %, the check for stray processes after exit 5 % (a stat of each /proc entry, the environment read only of the processes younger than the run), the preview parser 4 %, ajv 3 %.",
  "The third row is the call as the app makes it: the app's calls listen to the activity (History keeps every raw line, the live meter shows the newest). The reader hands a run of delta lines over in one call with the lines themselves (a RawLineRun), the provider emits one rawLines event per run, and every other line keeps its text, so History's raw lines are the CLI's own and the answer-sized lines are not serialised again. History's recorder hands each run to History's file whole (as the stdout bytes they came in while the scanner existed); the live meter keeps the runs unread and decodes only the newest 200 lines when it sends an event (every 150 ms at most). Before this (2026-11-28) the meter decoded and split nearly every delta line (a large answer's runs are ~200 lines, its bound, so the newest lines of each run were all of it) and History decoded all ~4.8 MB into 15,000 strings at the end to join them and encode them again: sendPrompt's own CPU as the app calls it was ~27 ms per large call against ~15 preview-only, in a process running only sendPrompt, and is now ~17;. Keeping the call's raw lines until its end (as stdout bytes, which only a major GC frees once promoted) turned out to cost little: dropping them altogether measured the same within the bench's noise; History now writes them as they come anyway (below).",
  "Cut before the scanner, and kept: raw-line activity events only when someone reads the activity (this bench, like a preview-only call, has none); delta fragments handed over as fields, a run in one call (no event object per line); runCli taking its listeners off the child's streams when the run ends (they kept ~1.4 MB per call alive long enough to be promoted); an all-ASCII chunk copied into a string (latin1) instead of UTF-8 decoded. Tried in JavaScript and not kept: matching a delta line against the previous line's envelope with startsWith, indexOf or slice-and-compare instead of the regexes (a sticky regex compares a 119-character literal in ~35 ns, slice+=== ~50, indexOf ~110, startsWith ~190); one regex for the whole line; one sticky regex over a whole run of lines followed by a global replace (6.5 ms against 5.3 for the reader); letting the match find the line's end; and reading the delta lines from the bytes with a DataView (0.5 ms less in the reader alone but 0.4-0.9 ms more inside sendPrompt): every JavaScript design spent at least ~0.55 ns per character.",
  "The major GCs: in one process, with ~12 MB live (most of it the bench's own tsx and modules), V8 sets the old generation's limit near 35 MB and starts incremental marking whenever the room left is below the young generation's capacity, which the JSON.parse side's ~25 MB per run and sendPrompt's allocation grow to its maximum; it then marks the whole heap every two or three runs, freeing little, ~10-20 ms of CPU on helper threads charged to whichever run is in progress, most often sendPrompt's (its answer-sized lines are large objects, allocated where the old generation's limit is checked). That is why the in-process figure moves by 0.1-0.3× between runs and why each side in its own process is shown too: there every side pays for its own collections and no other's. In its own process the bare side takes more major GCs of its own (its stdout Buffers are freed only by its own collections) and its median can be 1-2 ms higher, which would favour sendPrompt's ratio by up to ~0.03×: the bare columns and the medians without a major GC let a reader check that in every run.",
].join('\n\n');
const cpuFile = path.join(scratchDir('puffin-bench-cpu-'), 'child-cpu.jsonl');

/** sendPrompt's runs and the two baselines', interleaved in this process (rotating which goes first). */
async function measure(label: string, scenario: string, request: BenchRequest) {
  const env = benchEnv(scenario, cpuFile);
  const ours = await benchSendPrompt(env, request);
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
      const recorded = ours.recorded();
      const ran = await timedSideRun(
        () => (which === 'ours' || !recorded ? ours.call() : bareSpawn(recorded, which === 'parsed')),
        cpuFile,
      );
      if (i >= WARMUP) {
        windows[which].push(ran.window);
        times[which].push(ran.wallMs);
        cpu[which].push(ran.cpuMs);
      }
    }
  }
  gcs.push(...observer.takeRecords());
  observer.disconnect();
  const major = {
    ours: withMajorGc(windows.ours, gcs),
    bare: withMajorGc(windows.bare, gcs),
    parsed: withMajorGc(windows.parsed, gcs),
  };
  const historyText = request.activity ? await ours.captureHistoryText() : [];
  return { ...summary(label, cpu, times, major, ours.previews()), historyText };
}

/**
 * The same runs with each side in a Node process of its own (bench/sendpromptSide.ts, forked with this process's
 * Node flags), still interleaved and rotating from here: every side is spawned, fed and timed exactly as in
 * measure(), but the garbage a side leaves is collected, and its GCs charged, in that side's own runs.
 */
async function measureIsolated(label: string, scenario: string, request: BenchRequest) {
  const dir = scratchDir('puffin-bench-sides-');
  const workers = {} as Record<Side, ChildProcess>;
  for (const side of SIDES)
    workers[side] = fork(path.join(here, 'sendpromptSide.ts'), [], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  const ask = (side: Side, command: SideCommand) =>
    new Promise<SideReply>((resolve, reject) => {
      const worker = workers[side];
      const died = (code: number | null) => reject(new Error(`the ${side} side exited (${code})`));
      worker.once('exit', died);
      worker.once('message', (reply: SideReply) => {
        worker.off('exit', died);
        resolve(reply);
      });
      worker.send(command);
    });
  const setup = (side: Side, call?: SpawnCall) =>
    ask(side, {
      type: 'setup',
      side,
      scenario,
      // One file, as in measure(): the baseline sides spawn with the environment sendPrompt recorded.
      cpuFile: path.join(dir, 'child-cpu.jsonl'),
      request,
      ...(call ? { call } : {}),
    });
  try {
    const ready = await setup('ours');
    const call = ready.type === 'ready' ? ready.call : undefined;
    await setup('bare', call);
    await setup('parsed', call);
    const times = { ours: [] as number[], bare: [] as number[], parsed: [] as number[] };
    const cpu = { ours: [] as number[], bare: [] as number[], parsed: [] as number[] };
    const major = { ours: [] as boolean[], bare: [] as boolean[], parsed: [] as boolean[] };
    let previews = 0;
    for (let i = 0; i < WARMUP + ISOLATED_RUNS; i++) {
      for (let k = 0; k < SIDES.length; k++) {
        const which = SIDES[(i + k) % SIDES.length]!;
        const ran = await ask(which, { type: 'run' });
        if (ran.type !== 'ran' || i < WARMUP) continue;
        times[which].push(ran.wallMs);
        cpu[which].push(ran.cpuMs);
        major[which].push(ran.majorGc);
        if (which === 'ours') previews = ran.previews;
      }
    }
    return summary(label, cpu, times, major, previews);
  } finally {
    for (const side of SIDES) if (workers[side].connected) workers[side].send({ type: 'exit' });
  }
}

type PerSide<T> = Record<Side, T>;

function summary(
  label: string,
  cpu: PerSide<number[]>,
  times: PerSide<number[]>,
  major: PerSide<boolean[]>,
  previews: number,
) {
  const [ours, bare, parsed] = [median(cpu.ours), median(cpu.bare), median(cpu.parsed)];
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
    wall: median(times.ours) / median(times.bare),
    majorGcs,
    noMajor,
    previews,
  };
}

type Row = ReturnType<typeof summary>;

function table(rows: Row[], runs: number): string[] {
  return [
    `| transcript | sendPrompt CPU (ms) | bare spawn CPU (ms) | ratio | bare spawn + JSON.parse per line CPU (ms) | ratio to it | wall-time ratio | runs of ${runs} with a major GC: sendPrompt / bare / JSON.parse |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.ours.toFixed(1)} | ${r.bare.toFixed(1)} | ${r.ratio.toFixed(2)}× | ${r.parsed.toFixed(1)} | ${r.ratioParsed.toFixed(2)}× | ${r.wall.toFixed(2)}× | ${r.majorGcs.ours} / ${r.majorGcs.bare} / ${r.majorGcs.parsed} |`,
    ),
  ];
}

const withoutMajorGc = (rows: Row[]) =>
  rows
    .map(
      (r) =>
        `${r.label}: sendPrompt ${r.noMajor.ours.toFixed(1)} ms vs bare ${r.noMajor.bare.toFixed(1)} ms (${(r.noMajor.ours / r.noMajor.bare).toFixed(2)}×)`,
    )
    .join('; ');

export default {
  title: 'sendPrompt end to end over a replayed CLI',
  async run() {
    const loadBefore = loadavg()[0]!;
    const large = largeStoriesTranscript();
    const small = { label: 'm10 2.1.330 happy (recorded, 6 lines)', file: FIXTURE };
    const big = {
      label: `stories, ${Math.round(large.bytes / 1024)} KB transcript, 20-byte deltas, live preview on`,
      file: large.file,
    };
    const app = {
      label: `the same, with the activity listened to as the app's calls do (History's raw-line recorder, the live meter)`,
      file: large.file,
    };
    const smallRequest: BenchRequest = { schema: PERSON, preview: false };
    const bigRequest: BenchRequest = { schema: 'stories', preview: true };
    const appRequest: BenchRequest = { schema: 'stories', preview: true, activity: true };
    const rows = [
      await measure(small.label, small.file, smallRequest),
      await measure(big.label, big.file, bigRequest),
      await measure(app.label, app.file, appRequest),
    ];
    const loadBetween = loadavg()[0]!;
    const isolated = [
      await measureIsolated(small.label, small.file, smallRequest),
      await measureIsolated(big.label, big.file, bigRequest),
      await measureIsolated(app.label, app.file, appRequest),
    ];
    const previewed = rows[1]!.previews > 0 && isolated[1]!.previews > 0;
    const file = await historyFileRuns(rows[2]!.historyText, RUNS);
    return [
      `CPU = this process's user + system time during the run plus the replaying child's own (reported by it at exit). Median of ${ISOLATED_RUNS} interleaved runs each with each side in its own process (the table kept), ${RUNS} in one process (after ${WARMUP} warm-up), both spawning \`test/support/fakeClaude.mjs\` replaying the same transcript through the same spawner (node:child_process on POSIX, execa on Windows; own process group) with the argv, environment and stdin sendPrompt used. The bare side only drains stdout and waits for exit; sendPrompt also decodes every line, extracts, validates with ajv, unwraps the envelope and (second and third rows) feeds ${previewed ? 'every' : 'no'} input_json_delta to the preview parser. The third row is the call as the app makes it: the app's calls also listen to the activity (the live meter, and History keeps every raw line), so every stdout line becomes an event and a raw line handed to History's recorder, which hands them to History's file as they come; writing that file is History's cost, not sendPrompt's, and is measured on its own below the tables. The headless \`puffin prompt\` and any preview-only call read as the second row.`,
      '',
      '### Each side in a process of its own (the figure kept)',
      '',
      ...table(isolated, ISOLATED_RUNS),
      '',
      `The runs of the in-process table below, interleaved and rotated the same way from the bench, but each side in a Node process of its own (\`bench/sendpromptSide.ts\`, forked with the bench's Node flags, the same modules loaded): the same spawner, transcript, argv, environment and stdin (the call sendPrompt recorded in its process), the same drain and the same timing (the process's own CPU during the run plus the replaying child's). What changes is only whose garbage a side's runs collect, which is why this table is the one kept: in one process, the JSON.parse side's ~25 MB per run and the bare side's unreleased stdout Buffers are collected, and V8's major GCs finished, during whichever run comes next, often sendPrompt's; here every side pays for the collections its own allocation causes and no other (sendPrompt's included: its scavenges and major GCs fall in its own runs). Medians over the runs without a major GC: ${withoutMajorGc(isolated)}.`,
      '',
      '### The three sides in one process (as the bench ran before)',
      '',
      ...table(rows, RUNS),
      '',
      `A major GC costs this process ~20 ms of CPU (mostly concurrent marking of its ~12 MB heap) in whichever side's run V8 finishes it (the last column counts the runs in which one was finished, so the medians above depend on where they fall). Medians over the runs without one: ${withoutMajorGc(rows)}.`,
      '',
      `History's raw-line file of the third row's call (${(file.bytes / 1e6).toFixed(1)} MB, handed over by its recorder in ${file.writes} pieces as the lines came), measured on its own in this process, median of ${RUNS} runs each, interleaved: written as the app writes it, as the lines come (\`SpoolFile\`: batches of 1 MiB, then fsync and rename when the call ends), ${file.spooledMs.toFixed(1)} ms of CPU; joined and written in one atomic write at the end, as History did before, ${file.atOnceMs.toFixed(1)} ms. Either way the app spends that beside the call; written as they come, a call's raw lines no longer wait in memory for its end, and a crash keeps those written so far.`,
      '',
      `Machine load average (1 min) ${loadBefore.toFixed(1)} before, ${loadBetween.toFixed(1)} between the two, ${loadavg()[0]!.toFixed(1)} after, on ${cpus().length} CPUs. CPU ratios hold roughly under load, but a busy machine makes them noisier (cache and scheduler pressure fall on the side doing more work).`,
      '',
      WHAT_IS_LEFT,
    ].join('\n');
  },
} satisfies BenchModule;
