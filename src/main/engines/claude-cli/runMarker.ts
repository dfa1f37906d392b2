/**
 * Every CLI run carries a marker in its environment, `PUFFIN_RUN_ID=<id>`, which its descendants inherit. A
 * descendant that leaves the CLI's process group (setsid, a daemonising MCP server) escapes a group kill, but not
 * the marker: on Linux, /proc/<pid>/environ shows it, so what is left of a run can be found and killed by it.
 * (Elsewhere there is no cheap way to read another process's environment; the group kill is all there is.)
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

export const RUN_ID_ENV = 'PUFFIN_RUN_ID';

/**
 * A new run id: unique per run, safe in a shell word and a file name. The random part only tells apart runs of
 * one process started in the same millisecond, so Math.random does (node:crypto costs ~3 ms of CPU to load).
 */
export function newRunId(): string {
  const random = Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');
  return `${process.pid.toString(36)}-${Date.now().toString(36)}-${random}`;
}

/** True when a NUL-separated environment block holds exactly `name=value`. */
export function environHas(environ: Buffer, name: string, value: string): boolean {
  return holds(environ, entryBytes(name, value));
}

const entryBytes = (name: string, value: string) => Buffer.from(`${name}=${value}\0`);

/** environHas with the entry's bytes (`name=value\0`) made once for a whole scan. */
function holds(environ: Buffer, needle: Buffer): boolean {
  let at = environ.indexOf(needle);
  while (at !== -1) {
    if (at === 0 || environ[at - 1] === 0) return true;
    at = environ.indexOf(needle, at + 1);
  }
  return false;
}

export interface MarkerScanDeps {
  /** The pids to look at (default: every numeric entry of /proc). */
  listPids(): number[];
  /** The environment block of a pid (valid until the next call), or null when it cannot be read (gone, another user's). */
  readEnviron(pid: number): Buffer | null;
  /**
   * False only when the pid's process is known to have existed before `wallMs` (wall clock), so it cannot descend
   * from a run started then and its environment need not be read. Absent: every pid is read.
   */
  mayBeBornSince?(pid: number, wallMs: number): boolean;
}

/**
 * When a run started, by the wall clock (what /proc's times are in) and the monotonic clock (which shows whether
 * the wall clock was moved since). Lets a scan skip the processes older than the run.
 */
export interface RunStart {
  wallMs: number;
  monoMs: number;
}

export const runStartNow = (): RunStart => ({ wallMs: Date.now(), monoMs: performance.now() });

/**
 * How far before the run's start a process's /proc entry may be dated and still be read: the kernel dates it by a
 * coarse clock (up to a tick behind), and the wall clock may be slewed a little; a second covers both with room.
 * If the wall clock moved further than this since the run started (stepped by hand or NTP), no process is skipped.
 */
export const RUN_START_SLACK_MS = 1000;

/**
 * The wall-clock time before which a process cannot descend from the run, or undefined if that cannot be told.
 * A clock set back by less than the slack moves the cut-off back by as much (an entry made just after the start
 * is then dated that much before it). Only the net change since the start is seen: a clock set back and forward
 * again within one run could hide an entry dated in between (NTP slews small differences rather than stepping).
 */
export function bornAfterMs(start: RunStart, now: RunStart = runStartNow()): number | undefined {
  const drift = now.wallMs - start.wallMs - (now.monoMs - start.monoMs);
  if (Math.abs(drift) > RUN_START_SLACK_MS) return undefined;
  return start.wallMs - RUN_START_SLACK_MS - Math.max(0, -drift);
}

/**
 * `start` if this system's /proc dates the entry of the run's own leader (`pid`, just spawned) at or after the run's
 * start, as the skip in pidsWithMarker assumes (Linux makes an entry, with the time, when the process is first
 * looked up); else undefined, and the scans after the run read every process. A /proc that dates entries otherwise
 * (a fixed or boot time: some emulations of Linux) would make the skip miss the run's own descendants.
 */
export function confirmedRunStart(
  pid: number | undefined,
  start: RunStart,
  entryTime: (pid: number) => number | undefined = procEntryTime,
): RunStart | undefined {
  if (pid === undefined) return undefined;
  const dated = entryTime(pid);
  const after = bornAfterMs(start);
  if (dated === undefined || after === undefined) return undefined;
  return dated >= after && dated <= Date.now() + RUN_START_SLACK_MS ? start : undefined;
}

function procEntryTime(pid: number): number | undefined {
  try {
    return statSync(`/proc/${pid}`, { throwIfNoEntry: false })?.ctimeMs;
  } catch {
    return undefined;
  }
}

// Synchronous reads into one reused buffer: a scan runs after every CLI call, and the promise API costs about
// 50 µs per process (open, stat, read, close, each a thread-pool round trip) where this costs under 10.
let scratch = Buffer.alloc(64 * 1024);

function readEnvironSync(pid: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(`/proc/${pid}/environ`, 'r');
  } catch {
    return null;
  }
  try {
    let length = 0;
    for (;;) {
      const n = readSync(fd, scratch, length, scratch.length - length, null);
      if (n === 0) break;
      length += n;
      // A block larger than the buffer (environments may reach megabytes): grow it and read the rest.
      if (length === scratch.length) scratch = Buffer.concat([scratch, Buffer.alloc(scratch.length)]);
    }
    return scratch.subarray(0, length);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * A /proc/<pid> entry is made when something first looks the process up, never before the process exists, and its
 * times are set then: a change time before `wallMs` proves the process is older. Stating the entry costs ~2.5 µs
 * where reading its environment costs ~8-10 (the kernel reads the other process's memory), so a scan after a run
 * reads only the few processes younger than it (on a desktop with 500 processes: ~1.3 ms instead of ~5).
 */
function mayBeBornSince(pid: number, wallMs: number): boolean {
  try {
    const entry = statSync(`/proc/${pid}`, { throwIfNoEntry: false });
    return entry === undefined || entry.ctimeMs >= wallMs;
  } catch {
    return true; // cannot tell: read it
  }
}

export const procScanDeps: MarkerScanDeps = {
  listPids: () => {
    try {
      return readdirSync('/proc')
        .filter((n) => /^\d+$/.test(n))
        .map(Number);
    } catch {
      return [];
    }
  },
  readEnviron: readEnvironSync,
  mayBeBornSince,
};

/** Whether marker scans can work here. */
export function canScanMarkers(platform: NodeJS.Platform = process.platform): boolean {
  return platform === 'linux';
}

/**
 * Every process (but this one) whose environment carries `name=value`; with `since` (when the run carrying the
 * marker started), not reading the processes that are older than the run.
 */
export async function pidsWithMarker(
  value: string,
  name = RUN_ID_ENV,
  deps: MarkerScanDeps = procScanDeps,
  since?: RunStart,
): Promise<number[]> {
  const after = since && deps.mayBeBornSince ? bornAfterMs(since) : undefined;
  const born = deps.mayBeBornSince;
  const pids = deps.listPids().filter((p) => p !== process.pid);
  const needle = entryBytes(name, value);
  const found: number[] = [];
  // In batches of synchronous reads, yielding in between so a long process list never holds the event loop.
  for (let i = 0; i < pids.length; i += 64) {
    if (i > 0) await yieldToLoop();
    for (const pid of pids.slice(i, i + 64)) {
      if (after !== undefined && !born!(pid, after)) continue;
      const env = deps.readEnviron(pid);
      if (env && holds(env, needle)) found.push(pid);
    }
  }
  return found;
}

/**
 * SIGKILLs every process carrying the marker, scanning again while any are found (a process forking while it is
 * killed can leave a child the first scan missed). Returns how many distinct processes were signalled. With
 * `since` (when the run started), processes older than the run are not looked at.
 */
export async function killMarked(
  value: string,
  since?: RunStart,
  deps: MarkerScanDeps = procScanDeps,
  signal: (pid: number) => void = (pid) => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  },
): Promise<number> {
  // A killed process stays readable in /proc until it has died, so a later round can see it again: count each once.
  const killed = new Set<number>();
  for (let round = 0; round < 5; round++) {
    const pids = await pidsWithMarker(value, RUN_ID_ENV, deps, since);
    if (pids.length === 0) break;
    pids.forEach(signal);
    for (const pid of pids) killed.add(pid);
  }
  return killed.size;
}
