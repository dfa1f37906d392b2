import { describe, expect, it } from 'vitest';
import { killTree, type KillDeps } from './processTree';

/** Fake signalling and timers: records calls; the test decides when the process exits and when time passes. */
function fakeDeps(platform: NodeJS.Platform = 'linux') {
  const calls: string[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const deps: KillDeps = {
    platform,
    signalGroup: (pid, signal) => void calls.push(`${signal} -${pid}`),
    taskkill: (pid) => void calls.push(`taskkill ${pid}`),
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => void ((t as { cleared: boolean }).cleared = true),
  };
  return { deps, calls, timers };
}

function proc(pid: number | undefined) {
  let exit!: () => void;
  const exited = new Promise<void>((r) => (exit = r));
  return { pid, exited, exit };
}

describe('killTree', () => {
  it('signals the process group with SIGTERM and cancels the SIGKILL when it exits in time', async () => {
    const { deps, calls, timers } = fakeDeps();
    const p = proc(42);
    const done = killTree(p, 3000, deps);
    expect(calls).toEqual(['SIGTERM -42']);
    expect(timers.map((t) => t.ms)).toEqual([3000]);
    p.exit();
    await done;
    expect(timers[0]!.cleared).toBe(true);
    // Afterwards the group gets SIGKILL anyway, for children that ignored SIGTERM.
    expect(calls).toEqual(['SIGTERM -42', 'SIGKILL -42']);
  });

  it('escalates to SIGKILL when the grace period runs out', async () => {
    const { deps, calls, timers } = fakeDeps();
    const p = proc(7);
    const done = killTree(p, 500, deps);
    timers[0]!.fn(); // the grace period ends
    expect(calls).toEqual(['SIGTERM -7', 'SIGKILL -7']);
    p.exit();
    await done;
  });

  it('uses taskkill /T on Windows', async () => {
    const { deps, calls } = fakeDeps('win32');
    const p = proc(9);
    const done = killTree(p, 500, deps);
    p.exit();
    await done;
    expect(calls).toEqual(['taskkill 9']);
  });

  it('does nothing for a process that never started', async () => {
    const { deps, calls } = fakeDeps();
    await killTree(proc(undefined), 500, deps);
    expect(calls).toEqual([]);
  });
});
