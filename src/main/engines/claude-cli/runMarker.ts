/**
 * Every CLI run carries a marker in its environment, `PUFFIN_RUN_ID=<id>`, which its descendants inherit. A
 * descendant that leaves the CLI's process group (setsid, a daemonising MCP server) escapes a group kill, but not
 * the marker: on Linux, /proc/<pid>/environ shows it, so what is left of a run can be found and killed by it.
 * (Elsewhere there is no cheap way to read another process's environment; the group kill is all there is.)
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
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
};

/** Whether marker scans can work here. */
export function canScanMarkers(platform: NodeJS.Platform = process.platform): boolean {
  return platform === 'linux';
}

/** Every process (but this one) whose environment carries `name=value`. */
export async function pidsWithMarker(
  value: string,
  name = RUN_ID_ENV,
  deps: MarkerScanDeps = procScanDeps,
): Promise<number[]> {
  const pids = deps.listPids().filter((p) => p !== process.pid);
  const needle = entryBytes(name, value);
  const found: number[] = [];
  // In batches of synchronous reads, yielding in between so a long process list never holds the event loop.
  for (let i = 0; i < pids.length; i += 64) {
    if (i > 0) await yieldToLoop();
    for (const pid of pids.slice(i, i + 64)) {
      const env = deps.readEnviron(pid);
      if (env && holds(env, needle)) found.push(pid);
    }
  }
  return found;
}

/**
 * SIGKILLs every process carrying the marker, scanning again while any are found (a process forking while it is
 * killed can leave a child the first scan missed). Returns how many distinct processes were signalled.
 */
export async function killMarked(
  value: string,
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
    const pids = await pidsWithMarker(value, RUN_ID_ENV, deps);
    if (pids.length === 0) break;
    pids.forEach(signal);
    for (const pid of pids) killed.add(pid);
  }
  return killed.size;
}
