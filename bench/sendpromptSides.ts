// The three sides of bench:sendprompt, shared by its in-process run (sendprompt.bench.ts) and its one-process-
// per-side run (sendpromptSide.ts): sendPrompt over the replaying fake CLI, and the baseline that spawns the same
// replay exactly as sendPrompt did and only drains it (optionally JSON.parsing every line).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as perfConstants, type PerformanceEntry } from 'node:perf_hooks';
import { silentLogger } from '../src/main/base/logger';
import { ConcurrencyGate } from '../src/main/llm/gate';
import { engineSendPrompt } from '../test/support/engineSendPrompt';
import type { SendPromptRequest } from '../src/main/llm/promptTypes';
import { cliSpawner, type SpawnOptions } from '../src/main/engines/claude-cli/spawnCli';
import { ActivityMeter } from '../src/main/services/activityMeter';
import { RawLineRecorder } from '../src/main/services/rawLineRecorder';
import type { LineText } from '../src/main/llm/rawLineRun';
import { HistoryRepo } from '../src/main/store/historyRepo';
import { writeFileAtomic } from '../src/main/base/atomicFile';
import { scratchDir } from '../test/support/scratchDir';
import { fakeClaudeEnv, fakeClaudePath } from '../test/support/fakeCli';

export const SIDES = ['bare', 'parsed', 'ours'] as const;
export type Side = (typeof SIDES)[number];

/** What sendPrompt passed to its spawner, so the baseline starts the CLI exactly the same way. */
export interface SpawnCall {
  command: string;
  args: readonly string[];
  options: SpawnOptions;
}

/** A request as the bench describes it (the preview listener is made where the call runs). */
export interface BenchRequest {
  schema: SendPromptRequest['schema'];
  preview: boolean;
  /** Also listen to the activity as the app's calls do: History keeps every raw line, the live meter shows them. */
  activity?: boolean;
}

/**
 * The fake CLI's environment: replaying `scenario` a line per write (as the real CLI prints), reporting its own
 * CPU to `cpuFile` at exit.
 */
export function benchEnv(scenario: string, cpuFile: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...fakeClaudeEnv({ scenario }),
    FAKE_CLAUDE_CPU_FILE: cpuFile,
    FAKE_CLAUDE_REPLAY_WRITES: 'lines',
  };
}

/**
 * sendPrompt over the fake CLI, through the real spawner; `recorded()` is the first spawn it made (argv,
 * environment, stdin), for the baseline.
 */
export async function benchSendPrompt(
  env: NodeJS.ProcessEnv,
  request: BenchRequest,
): Promise<{
  call: () => Promise<unknown>;
  recorded: () => SpawnCall | undefined;
  previews: () => number;
  /** One more call, untimed: what History's recorder hands its file, write by write (activity requests only). */
  captureHistoryText: () => Promise<LineText[]>;
}> {
  let recorded: SpawnCall | undefined;
  const spawner = await cliSpawner();
  const sendPrompt = engineSendPrompt({
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
  let previews = 0;
  const prompt = 'Extract the person: Ada Lovelace is 36.';
  const req: SendPromptRequest = {
    workflow: 'cli-prompt',
    prompt,
    schema: request.schema,
    ...(request.preview ? { preview: () => void previews++ } : {}),
  };
  // As recordCall listens (services/historyRecorder.ts): History's raw-line recorder writing the lines to History's
  // file as they come (a SpoolFile, finished when the call ends: fsync and rename), and the live activity meter.
  // Every timed call writes the file, as the app's calls do; it replaces the previous call's.
  const history = new HistoryRepo(scratchDir('puffin-bench-call-history-'));
  let captured: LineText[] | undefined;
  const call = request.activity
    ? async () => {
        const handed = captured;
        const file = history.openRawText('bench-call');
        const raw = new RawLineRecorder((text) => {
          handed?.push(text);
          file.write(text);
        });
        const meter = new ActivityMeter({ callId: 'bench', label: 'bench' }, () => {});
        try {
          return await sendPrompt({
            ...req,
            onEngineEvent: (e) => {
              raw.take(e);
              meter.signal(e);
            },
          });
        } finally {
          meter.finish();
          const rest = raw.rest();
          handed?.push(rest);
          await file.finish(rest);
        }
      }
    : () => sendPrompt(req);
  const captureHistoryText = async () => {
    captured = [];
    try {
      await call();
      return captured;
    } finally {
      captured = undefined;
    }
  };
  return { call, recorded: () => recorded, previews: () => previews, captureHistoryText };
}

/**
 * The baseline: the same spawner (cliSpawner, own process group), the same command, argv, environment and
 * stdin that sendPrompt used; it only drains stdout and waits for exit. With `parse`, it also JSON.parses every
 * line: the least any consumer of stream-json must do, which shows what is ours beyond it.
 */
export async function bareSpawn(call: SpawnCall, parse: boolean): Promise<number> {
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

/** The CPU (ms) the last replaying child reported for itself at exit. */
function lastChildCpuMs(cpuFile: string): number {
  const lines = readFileSync(cpuFile, 'utf8').trim().split('\n');
  const { user, system } = JSON.parse(lines.at(-1)!) as { user: number; system: number };
  return (user + system) / 1000;
}

/**
 * One run of a side, timed the same way wherever it runs: this process's user + system CPU during it plus the
 * replaying child's own (reported in `cpuFile`), its wall time and its [start, end) window.
 */
export async function timedSideRun(
  run: () => Promise<unknown>,
  cpuFile: string,
): Promise<{ cpuMs: number; wallMs: number; window: [number, number] }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await run();
  const own = process.cpuUsage(c0);
  const t1 = performance.now();
  return {
    cpuMs: (own.user + own.system) / 1000 + lastChildCpuMs(cpuFile),
    wallMs: t1 - t0,
    window: [t0, t1],
  };
}

/** Which of the given [start, end) windows (performance.now() times) hold the start of a major GC. */
export function withMajorGc(windows: [number, number][], gcs: PerformanceEntry[]): boolean[] {
  const majors = gcs.filter(
    (e) =>
      (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ===
      perfConstants.NODE_PERFORMANCE_GC_MAJOR,
  );
  return windows.map(([t0, t1]) => majors.some((e) => e.startTime >= t0 && e.startTime < t1));
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * History's raw-line file of one call, written two ways from what its recorder handed over (`text`, write by
 * write), interleaved, `runs` times each: as the app writes it (a SpoolFile taking each write as it comes, then
 * finish: fsync, rename) and as it was written before (everything joined, then one atomic write: temp file, fsync,
 * rename). CPU = this process's user + system time (the writes' thread-pool time included); medians.
 */
export async function historyFileRuns(
  text: LineText[],
  runs: number,
): Promise<{ spooledMs: number; atOnceMs: number; bytes: number; writes: number }> {
  const history = new HistoryRepo(scratchDir('puffin-bench-history-'));
  const pieces = text.flat();
  const bytes = pieces.reduce((n, p) => n + (typeof p === 'string' ? Buffer.byteLength(p) : p.byteLength), 0);
  const spooled: number[] = [];
  const atOnce: number[] = [];
  const cpu = async (run: () => Promise<void>) => {
    const c0 = process.cpuUsage();
    await run();
    const used = process.cpuUsage(c0);
    return (used.user + used.system) / 1000;
  };
  for (let i = 0; i < runs + 1; i++) {
    const a = await cpu(async () => {
      const file = history.openRawText('spooled');
      for (const written of text) file.write(written);
      await file.finish();
    });
    const b = await cpu(() =>
      writeFileAtomic(
        join(history.records.dir, 'at-once.raw.jsonl'),
        Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))),
      ),
    );
    if (i === 0) continue; // warm-up
    spooled.push(a);
    atOnce.push(b);
  }
  return { spooledMs: median(spooled), atOnceMs: median(atOnce), bytes, writes: text.length };
}
