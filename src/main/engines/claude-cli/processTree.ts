/**
 * Killing a CLI run means killing its whole tree: the CLI starts its own children (MCP servers, tools, hooks).
 * On POSIX the CLI is spawned `detached`, i.e. as the leader of a new process group, and the group is signalled
 * (negative pid). SIGTERM first so it can clean up, SIGKILL after a grace period. On Windows, taskkill /T /F.
 */
import { adoptIntoRunCgroup, killRunCgroup } from './runCgroup';
import { execFile } from 'node:child_process';
import { canScanMarkers, killMarked, type RunStart } from './runMarker';

export const KILL_GRACE_MS = 3000;

export interface KillableProcess {
  pid?: number | undefined;
  /** Resolves when the process has exited (whatever the reason). */
  exited: Promise<unknown>;
}

export interface KillDeps {
  platform: NodeJS.Platform;
  signalGroup(pid: number, signal: NodeJS.Signals): void;
  taskkill(pid: number): void;
  setTimer(fn: () => void, ms: number): { unref?: () => void } | unknown;
  clearTimer(handle: unknown): void;
  /**
   * Kills every process carrying a run's marker (descendants that left the group), looking only at processes
   * younger than the run when told when it started; absent where it cannot.
   */
  killMarked?(runId: string, since?: RunStart): Promise<number>;
  /** Puts a run's leader where every descendant stays tracked (a cgroup of its own); absent where it cannot. */
  adopt?(runId: string, pid: number): void;
}

export const realKillDeps: KillDeps = {
  platform: process.platform,
  signalGroup: (pid, signal) => {
    try {
      // Only ever the group: after the leader exits its pid may be reused, but a group id of a dead,
      // empty group is never signalled (ESRCH) - so no unrelated process can be hit.
      process.kill(-pid, signal);
    } catch {
      // The group is gone already.
    }
  },
  taskkill: (pid) => {
    execFile('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true }, () => {});
  },
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as NodeJS.Timeout),
  ...(canScanMarkers()
    ? {
        // The run's cgroup first (it holds what left the group and dropped the marker), then the marked rest.
        killMarked: async (runId: string, since?: RunStart) =>
          (await killRunCgroup(runId)) + (await killMarked(runId, since)),
        adopt: (runId: string, pid: number) => void adoptIntoRunCgroup(runId, pid),
      }
    : {}),
};

/** SIGTERM the tree now, SIGKILL it after `graceMs` unless it exited. Resolves when the leader has exited. */
export async function killTree(
  child: KillableProcess,
  graceMs = KILL_GRACE_MS,
  deps: KillDeps = realKillDeps,
): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  if (deps.platform === 'win32') {
    deps.taskkill(pid);
    await child.exited;
    return;
  }
  deps.signalGroup(pid, 'SIGTERM');
  const timer = deps.setTimer(() => deps.signalGroup(pid, 'SIGKILL'), graceMs);
  try {
    await child.exited;
  } finally {
    deps.clearTimer(timer);
  }
  // The leader may exit on SIGTERM while a child ignores it: make sure nothing of the group survives.
  deps.signalGroup(pid, 'SIGKILL');
}
