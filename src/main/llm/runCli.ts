/**
 * Runs the CLI once: spawns it (no shell, prompt on stdin), feeds stdout through the StreamJsonReader as it
 * arrives and hands every event to the caller, keeps a bounded stderr tail and a bounded tail of raw stdout, and
 * kills the whole process tree on timeout, on cancel, or when the gate's killAll() asks.
 * It reports what happened; deciding what that means (data or which failure) is sendPrompt's job.
 */
import { StreamJsonReader, type CliEvent } from './stream';
import type { GateLease } from './gate';
import { invocation, type LocatedCli } from './locateCli';
import { KILL_GRACE_MS, killTree, realKillDeps, type KillDeps } from './processTree';
import { execaSpawner, type SpawnExit, type Spawner } from './spawnCli';
import { STDERR_TAIL_LIMIT } from './errors';

export type RunEnd = 'exit' | 'timeout' | 'cancelled' | 'killed' | 'spawn_error';

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
  killGraceMs?: number;
}

export interface RunOutcome {
  /** Decoded events, except stream_event deltas (those only feed the live preview). */
  events: CliEvent[];
  exit: SpawnExit;
  endedBy: RunEnd;
  stderrTail: string;
  /** The last raw stdout lines (the first may be cut), for failure reports. */
  rawTail: string[];
  stdoutBytes: number;
  durationMs: number;
  cliVersion?: string;
}

const RAW_TAIL_BYTES = 64 * 1024;

export interface RunDeps {
  spawn?: Spawner;
  kill?: KillDeps;
}

/** A bounded byte tail: keeps the last `limit` bytes without copying everything that streams through. */
class ByteTail {
  private chunks: Buffer[] = [];
  private size = 0;
  total = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    this.total += chunk.length;
    this.chunks.push(chunk.length > this.limit ? chunk.subarray(chunk.length - this.limit) : chunk);
    this.size += Math.min(chunk.length, this.limit);
    while (this.size - this.chunks[0]!.length >= this.limit) this.size -= this.chunks.shift()!.length;
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8');
  }
}

export async function runCli(req: RunRequest, deps: RunDeps = {}): Promise<RunOutcome> {
  const started = Date.now();
  const events: CliEvent[] = [];
  const stderr = new ByteTail(STDERR_TAIL_LIMIT);
  const stdout = new ByteTail(RAW_TAIL_BYTES);
  const reader = new StreamJsonReader();
  let cliVersion: string | undefined;

  const deliver = (batch: CliEvent[]) => {
    for (const event of batch) {
      if (event.kind === 'init' && cliVersion === undefined) cliVersion = event.cliVersion;
      if (event.kind !== 'stream_event') events.push(event);
      try {
        req.onEvent?.(event);
      } catch {
        // A failing listener (UI, preview) must not break the run.
      }
    }
  };
  const outcome = (exit: SpawnExit, endedBy: RunEnd): RunOutcome => ({
    events,
    exit,
    endedBy,
    stderrTail: stderr.text(),
    rawTail: stdout
      .text()
      .split('\n')
      .filter((l) => l.trim() !== ''),
    stdoutBytes: stdout.total,
    durationMs: Date.now() - started,
    ...(cliVersion ? { cliVersion } : {}),
  });

  if (req.signal?.aborted) return outcome({ exitCode: null, signal: null }, 'cancelled');

  const { command, args, windowsVerbatimArguments } = invocation(req.cli, req.args);
  let child;
  try {
    child = (deps.spawn ?? execaSpawner)(command, args, {
      env: req.env,
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

  let endedBy: RunEnd = 'exit';
  let killing: Promise<void> | undefined;
  const kill = (why: RunEnd) => {
    if (endedBy === 'exit') endedBy = why;
    killing ??= killTree(child, req.killGraceMs ?? KILL_GRACE_MS, deps.kill);
  };
  const timer = req.timeoutMs ? setTimeout(() => kill('timeout'), req.timeoutMs) : undefined;
  const onAbort = () => kill('cancelled');
  req.signal?.addEventListener('abort', onAbort, { once: true });
  const unregister = req.lease?.onKill(() => kill('killed'));

  child.stdout.on('data', (chunk: Buffer) => {
    stdout.push(chunk);
    deliver(reader.push(chunk));
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));

  try {
    const exit = await child.exited;
    deliver(reader.end());
    if (exit.errorCode) return outcome(exit, 'spawn_error');
    return outcome(exit, endedBy);
  } finally {
    if (timer) clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
    unregister?.();
    // Whatever ended the run, no grandchild of it may outlive it (an MCP server, a tool's subprocess).
    if (killing) await killing;
    else if (child.pid !== undefined && (deps.kill ?? realKillDeps).platform !== 'win32') {
      (deps.kill ?? realKillDeps).signalGroup(child.pid, 'SIGKILL');
    }
  }
}
