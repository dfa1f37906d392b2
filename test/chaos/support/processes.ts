// Finding what a run left behind: by a marker in the environment (never by name), as /proc shows it (Linux).
import { readFileSync } from 'node:fs';
import { pidsWithMarker, RUN_ID_ENV } from '../../../src/main/engines/claude-cli/runMarker';

/** Live (non-zombie) processes whose environment carries `name=value`. */
export async function markedProcesses(value: string, name = RUN_ID_ENV): Promise<number[]> {
  return (await pidsWithMarker(value, name)).filter(notZombie);
}

function notZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Waits until no process carries the marker, or `withinMs` passed; returns the survivors (empty when none).
 * Polls: a process killed with SIGKILL leaves /proc only once the kernel has torn it down.
 */
export async function survivorsAfter(value: string, withinMs: number, name = RUN_ID_ENV): Promise<number[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const left = await markedProcesses(value, name);
    if (left.length === 0 || Date.now() >= until) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Kills whatever a failed test left (so one failure does not leak into the next run). */
export async function reap(value: string, name = RUN_ID_ENV): Promise<void> {
  for (const pid of await markedProcesses(value, name)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
}
