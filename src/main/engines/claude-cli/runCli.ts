/**
 * Runs the CLI once: spawns it (no shell, prompt on stdin, a run marker in its environment), feeds stdout through
 * the StreamJsonReader as it arrives and hands every event to the caller, keeps a bounded stderr tail and a bounded
 * tail of raw stdout, and kills the whole process tree on timeout, on cancel, when the gate's killAll() asks, when
 * stdout turns into something no reader can hold (a line past the cap), and when the CLI does not end after its
 * result line. Whatever ended the run, nothing carrying its marker outlives it.
 * It reports what happened; deciding what that means (data or which failure) is sendPrompt's job.
 */
import { StreamJsonReader, type CliEvent, type ReaderSink } from './stream';
import type { GateLease } from '../../llm/gate';
import { invocation, type LocatedCli } from './locateCli';
import { KILL_GRACE_MS, killTree, realKillDeps, type KillDeps } from './processTree';
import { cliSpawner, type SpawnExit, type Spawner } from './spawnCli';
import { STDERR_TAIL_LIMIT } from '../../llm/errors';
import { ByteTail } from './byteTail';
import { confirmedRunStart, newRunId, RUN_ID_ENV, runStartNow, type RunStart } from './runMarker';
import { defaultRunGuard, type RunGuard } from './runWatchdog';

/**
 * How the run ended: by itself (`exit`), stopped by us (`timeout`, `cancelled`, `killed` by killAll), stopped
 * because stdout could not be read (`garbage_output`), or stopped after its result line because it did not end by
 * itself (`after_result`: the result is used).
 */
export type RunEnd =
  'exit' | 'timeout' | 'cancelled' | 'killed' | 'spawn_error' | 'garbage_output' | 'after_result';

export interface RunRequest {
  cli: LocatedCli;
  args: string[];
  prompt: string;
  cwd?: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The gate slot this run holds; its killAll() kills the run. */
  lease?: GateLease;
  /** Every decoded event, in order, as it arrives. */
  onEvent?: (event: CliEvent) => void;
  /**
   * After the events of each stdout chunk (and of the end of stdout): a consumer that batches what it passes on
   * (the live preview's fragments) flushes here, so nothing waits for the next chunk.
   */
  onBatchEnd?: () => void;
  /**
   * The CLI's delta lines (in its exact shape) as their fields instead of events, a run of them within a stdout
   * chunk in one call (see ReaderSink): onEvent then hears of none of them. For a caller that wants the answer's
   * text, and (with `deltaRawLines`) the lines themselves in one array per run; order with onEvent is kept.
   */
  onDelta?: ReaderSink['delta'];
  deltaRawLines?: boolean;
  killGraceMs?: number;
  /** How long the CLI may take to end after printing its result line before it is stopped. */
  resultGraceMs?: number;
  /** How long stdout may stay open after the CLI itself exited (a descendant holding it) before it is cut. */
  drainGraceMs?: number;
  /** Longest stdout line read (see MAX_LINE_CHARS). */
  maxLineChars?: number;
}

export interface RunOutcome {
  /** Decoded events, except stream_event deltas (those only feed the live preview). */
  events: CliEvent[];
  exit: SpawnExit;
  endedBy: RunEnd;
  /** Why, when the run was stopped for its output (garbage_output). */
  endDetail?: string;
  stderrTail: string;
  /** The last raw stdout lines (the first may be cut), for failure reports. */
  rawTail: string[];
  stdoutBytes: number;
  durationMs: number;
  cliVersion?: string;
  /** The PUFFIN_RUN_ID marker the CLI and its descendants carried. */
  runId: string;
}

const RAW_TAIL_BYTES = 64 * 1024;
export const RESULT_GRACE_MS = 3000;
export const DRAIN_GRACE_MS = 2000;

export interface RunDeps {
  spawn?: Spawner;
  kill?: KillDeps;
  /** Told which runs are live, so they die with Puffin (default: the parent-death watchdog). */
  guard?: RunGuard;
}

export async function runCli(req: RunRequest, deps: RunDeps = {}): Promise<RunOutcome> {
  const started = runStartNow();
  const runId = newRunId();
  const killDeps = deps.kill ?? realKillDeps;
  const events: CliEvent[] = [];
  const stderr = new ByteTail(STDERR_TAIL_LIMIT);
  const stdout = new ByteTail(RAW_TAIL_BYTES);
  const onEvent = req.onEvent && guarded(req.onEvent);
  const onBatchEnd = req.onBatchEnd && guarded(req.onBatchEnd);
  // With onDelta, the reader hands events over as it decodes them (deliverOne, below) and returns none.
  const onDelta = req.onDelta;
  const reader = new StreamJsonReader({
    ...(req.maxLineChars !== undefined ? { maxLineChars: req.maxLineChars } : {}),
    ...(onDelta ? { sink: { event: (e: CliEvent) => deliverOne(e), delta: guarded(onDelta) } } : {}),
    ...(onDelta && req.deltaRawLines ? { rawLines: true } : {}),
  });
  let cliVersion: string | undefined;
  let endedBy: RunEnd = 'exit';
  let endDetail: string | undefined;

  const outcome = (exit: SpawnExit, end: RunEnd): RunOutcome => ({
    events,
    exit,
    endedBy: end,
    ...(endDetail ? { endDetail } : {}),
    stderrTail: stderr.text(),
    rawTail: stdout
      .text()
      .split('\n')
      .filter((l) => l.trim() !== ''),
    stdoutBytes: stdout.total,
    durationMs: Math.round(performance.now() - started.monoMs),
    ...(cliVersion ? { cliVersion } : {}),
    runId,
  });

  const spawner = deps.spawn ?? (await cliSpawner());
  if (req.signal?.aborted) return outcome({ exitCode: null, signal: null }, 'cancelled');

  const { command, args, windowsVerbatimArguments } = invocation(req.cli, req.args);
  let child;
  try {
    child = spawner(command, args, {
      env: { ...req.env, [RUN_ID_ENV]: runId },
      input: req.prompt,
      ...(req.cwd ? { cwd: req.cwd } : {}),
      ...(windowsVerbatimArguments ? { windowsVerbatimArguments } : {}),
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return outcome(
      { exitCode: null, signal: null, errorCode: e.code ?? 'ESPAWN', errorMessage: e.message },
      'spawn_error',
    );
  }
  const untrack = (deps.guard ?? defaultRunGuard()).track(runId, child.pid);
  if (child.pid !== undefined) killDeps.adopt?.(runId, child.pid);
  // Lets the scans for escaped descendants skip the processes older than the run, once /proc is seen to date
  // the run's own leader after its start (undefined: they read every process).
  const since = killDeps.killMarked ? confirmedRunStart(child.pid, started) : undefined;
  // The leader's own exit, which comes before stdout ends when a descendant holds the pipe.
  const leaderExited = child.processExited ?? child.exited;

  // Once the leader has exited, whatever still holds stdout is a stray descendant: given a moment, then cut off.
  let leaderExit: SpawnExit | undefined;
  let drained!: (exit: SpawnExit) => void;
  const cut = new Promise<SpawnExit>((resolve) => (drained = resolve));
  const cutOff = () => {
    void killStray(child.pid, runId, since, killDeps);
    child.stdout.destroy();
    child.stderr.destroy();
    drained(leaderExit!);
  };

  let killing: Promise<void> | undefined;
  // The result line is the answer, paid for: whatever stops the run after it (its deadline, a cancel, Puffin
  // quitting, an unreadable line after it), the result is used and the run counts as stopped after its result.
  let resultSeen = false;
  const kill = (why: RunEnd, detail?: string) => {
    if (endedBy === 'exit') {
      endedBy = resultSeen ? 'after_result' : why;
      if (detail && !resultSeen) endDetail = detail;
    }
    // On Windows a tree is killed by its leader's pid, which, once the leader has exited, may already be
    // another process's: only the pipe is cut then (the descendants holding it were the leader's).
    if (leaderExit && killDeps.platform === 'win32') return cutOff();
    killing ??= killTree(
      { pid: child.pid, exited: leaderExited },
      req.killGraceMs ?? KILL_GRACE_MS,
      killDeps,
    ).then(() => killDeps.killMarked?.(runId, since).then(() => undefined));
  };
  const timers: ReturnType<typeof setTimeout>[] = [];
  let finished = false;
  const after = (ms: number | undefined, fn: () => void) => {
    if (ms !== undefined && !finished) timers.push(setTimeout(fn, ms));
  };
  after(req.timeoutMs || undefined, () => kill('timeout'));
  const onAbort = () => kill('cancelled');
  req.signal?.addEventListener('abort', onAbort, { once: true });
  const unregister = req.lease?.onKill(() => kill('killed'));

  // Past a fault nothing more is decoded: the rest of stdout only feeds the raw tail until the tree is dead.
  let reading = true;
  const stopReading = (detail: string) => {
    reading = false;
    kill('garbage_output', detail);
  };
  const deliverOne = (event: CliEvent) => {
    if (event.kind === 'init' && cliVersion === undefined) cliVersion = event.cliVersion;
    if (event.kind === 'garbage' && event.oversizedChars !== undefined) stopReading(event.error);
    if (event.kind !== 'stream_event') events.push(event);
    if (event.kind === 'result' && !resultSeen) {
      // The answer is in (and paid for): a CLI that does not end now is stopped, and the result used.
      resultSeen = true;
      after(req.resultGraceMs ?? RESULT_GRACE_MS, () => kill('after_result'));
    }
    onEvent?.(event);
  };
  const deliver = (batch: CliEvent[]) => {
    for (const event of batch) deliverOne(event);
    onBatchEnd?.();
  };
  // Stream listeners run outside any promise chain: whatever they throw would be uncaught and end the process.
  const onStdout = (chunk: Buffer) => {
    try {
      if (reading) deliver(reader.push(chunk));
      stdout.push(chunk);
    } catch (err) {
      stopReading(`stdout could not be read: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const onStderr = (chunk: Buffer) => {
    try {
      stderr.push(chunk);
    } catch {
      // Only a tail for diagnostics; losing a chunk of it is harmless.
    }
  };
  child.stdout.on('data', onStdout);
  child.stderr.on('data', onStderr);

  void leaderExited.then((exit) => {
    leaderExit = exit;
    after(req.drainGraceMs ?? DRAIN_GRACE_MS, cutOff);
  });

  try {
    const exit = await Promise.race([child.exited, cut]);
    try {
      if (reading) deliver(reader.end());
    } catch (err) {
      endDetail ??= `stdout could not be read: ${err instanceof Error ? err.message : String(err)}`;
      if (endedBy === 'exit') endedBy = 'garbage_output';
    }
    if (exit.errorCode) return outcome(exit, 'spawn_error');
    return outcome(exit, endedBy);
  } finally {
    finished = true;
    for (const t of timers) clearTimeout(t);
    // Node keeps an exited child's streams reachable for a while (until a later spawn): listeners left on them
    // would keep this run's events, reader and preview alive with them, long enough for V8 to move them into the
    // old generation, whose growth then costs a major GC every few calls.
    child.stdout.off('data', onStdout);
    child.stderr.off('data', onStderr);
    req.signal?.removeEventListener('abort', onAbort);
    unregister?.();
    // Whatever ended the run, no descendant of it may outlive it (an MCP server, a tool's subprocess).
    if (killing) await killing;
    else await killStray(child.pid, runId, since, killDeps);
    untrack();
  }
}

/** A listener whose failure must not break the run: a failing UI or preview is its own problem. */
function guarded<A extends unknown[]>(listener: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      listener(...args);
    } catch {
      // Ignored on purpose (see above).
    }
  };
}

/** SIGKILLs what is left of a run: its process group, and every process carrying its marker. */
async function killStray(
  pid: number | undefined,
  runId: string,
  since: RunStart | undefined,
  deps: KillDeps,
): Promise<void> {
  if (pid === undefined || deps.platform === 'win32') return;
  deps.signalGroup(pid, 'SIGKILL');
  await deps.killMarked?.(runId, since);
}
