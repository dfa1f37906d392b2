/**
 * Who runs a `running` history record: the Puffin process that started it. Another Puffin on the same project
 * (the headless CLI beside the GUI) must not end it; only its owner does, or anyone once the owner is dead.
 */
import { hostname } from 'node:os';
import type { RunOwner } from '../../shared/stories';

/** This process, as it stamps the records it starts. */
export const THIS_PROCESS: RunOwner = {
  pid: process.pid,
  host: hostname(),
  startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
};

/** Whether a process id is alive on this machine: signal 0 checks without sending anything. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, but not ours to signal
  }
}

/**
 * Whether the owner of a running record may still be running it. No owner (a record from before owners were
 * kept): treated as ended, as before. Another machine's process cannot be checked: left alone.
 */
export function ownerAlive(
  owner: RunOwner | undefined,
  self: RunOwner = THIS_PROCESS,
  alive: (pid: number) => boolean = pidAlive,
): boolean {
  if (!owner) return false;
  if (owner.host !== self.host) return true;
  if (owner.pid === self.pid) return owner.startedAt === self.startedAt;
  return alive(owner.pid);
}
