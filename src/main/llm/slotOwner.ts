/**
 * Who holds a machine-wide engine slot: a process id, that process's start time where the system says it (so a
 * recycled pid is not mistaken for the holder), and a random token naming the one hold.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface SlotOwner {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux /proc); null where the system does not say. */
  start: number | null;
  token: string;
}

/** The start time of a process from /proc/<pid>/stat (field 22), or null (no /proc, or no such process). */
export function processStart(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last `)`.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[19]);
    return Number.isFinite(start) ? start : null;
  } catch {
    return null;
  }
}

export function newOwner(): SlotOwner {
  return { pid: process.pid, start: processStart(process.pid), token: randomUUID() };
}

/** Whether the holder is still running: its pid exists and, where known, started when the holder did. */
export function ownerAlive(owner: SlotOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.start === null) return true;
  const now = processStart(owner.pid);
  return now === null || now === owner.start;
}

export function parseOwner(text: string): SlotOwner | null {
  try {
    const v = JSON.parse(text) as Partial<SlotOwner>;
    if (typeof v.pid !== 'number' || typeof v.token !== 'string') return null;
    return { pid: v.pid, start: typeof v.start === 'number' ? v.start : null, token: v.token };
  } catch {
    return null;
  }
}
