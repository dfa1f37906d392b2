/**
 * CLI runs must not outlive Puffin, even when Puffin cannot clean up (SIGKILL, a crash, an OOM kill). The CLI runs
 * in its own process group (so it can be killed as a tree), which also means nothing kills it when Puffin dies.
 * So a tiny watchdog, `/bin/sh` reading our commands on its stdin, is told which runs are live (process group and
 * run id) and when they end. When Puffin dies for any reason the kernel closes that pipe; the watchdog reads EOF
 * and SIGKILLs every run still listed: its process group, and on Linux every process carrying the run's marker
 * (which catches descendants that called setsid), and the run's cgroup where it has one (runCgroup.ts: which catches
 * those that also cleared their environment). It runs in a session of its own and ignores HUP, INT and TERM,
 * so nothing aimed at Puffin's process group or terminal stops it before it has done that; it exits right after.
 * A shell script rather than a node process: a few hundred KB instead of ~40 MB, and no dependence on the Electron
 * binary being runnable as node. Not on Windows (no process groups; a job object would be the tool there).
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Knows which runs are live; `track` returns the function that forgets the run again. */
export interface RunGuard {
  track(runId: string, pgid: number | undefined): () => void;
}

export const noRunGuard: RunGuard = { track: () => () => {} };

/** The watchdog: `+ PGID RUNID` adds a run, `- PGID RUNID` forgets it; EOF kills what is listed, then exits. */
export const WATCHDOG_SCRIPT = `
trap '' HUP INT TERM PIPE
live=''
while read -r op pg id; do
  case "$op" in
    +) live="$live $pg:$id" ;;
    -) keep=''; for e in $live; do [ "$e" = "$pg:$id" ] || keep="$keep $e"; done; live=$keep ;;
  esac
done
for e in $live; do
  kill -9 -"\${e%%:*}" 2>/dev/null
  for d in $(find /sys/fs/cgroup -maxdepth 12 -type d -name "puffin-\${e#*:}" 2>/dev/null); do
    echo 1 > "$d/cgroup.kill" 2>/dev/null
  done
  if [ -d /proc/self ]; then
    for round in 1 2 3; do
      for f in $(grep -lzx "PUFFIN_RUN_ID=\${e#*:}" /proc/[0-9]*/environ 2>/dev/null); do
        p=\${f#/proc/}; kill -9 "\${p%/environ}" 2>/dev/null
      done
    done
  fi
done
`;

/** Words the script can split safely: a pid and a run id (see newRunId). */
const SAFE = /^[A-Za-z0-9_-]+$/;

export class ParentDeathWatchdog implements RunGuard {
  private child: ChildProcess | null = null;
  private broken = false;
  /** What is live, so a watchdog started again (the first one was killed) learns it all. */
  private readonly live = new Set<string>();

  constructor(private readonly shell = '/bin/sh') {}

  track(runId: string, pgid: number | undefined): () => void {
    if (pgid === undefined || !SAFE.test(runId)) return () => {};
    const entry = `${pgid} ${runId}`;
    this.live.add(entry);
    this.send(`+ ${entry}\n`);
    return () => {
      if (this.live.delete(entry)) this.child?.stdin?.write(`- ${entry}\n`);
    };
  }

  /** The watchdog's pid once started (tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private send(line: string): void {
    if (this.child) return void this.child.stdin?.write(line);
    // A new watchdog (the first, or one after the last was killed) is told everything live, `line` included.
    const child = this.start();
    if (!child?.stdin) return;
    for (const entry of this.live) child.stdin.write(`+ ${entry}\n`);
  }

  private start(): ChildProcess | null {
    if (this.broken) return null;
    try {
      const child = spawn(this.shell, ['-c', WATCHDOG_SCRIPT], {
        stdio: ['pipe', 'ignore', 'ignore'],
        // A session of its own: a kill of Puffin's whole process group (a closing terminal, kill -9 -PGID) must
        // not take the watchdog with it.
        detached: true,
        // Its environment must not carry a run marker, or it would find itself.
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      });
      // Neither the process nor its pipe may keep Puffin alive: it is there for when Puffin is gone.
      child.unref();
      (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
      child.on('error', () => {
        this.broken = true;
        this.child = null;
      });
      child.on('exit', () => {
        if (this.child === child) this.child = null;
      });
      child.stdin?.on('error', () => {
        // The watchdog is gone (killed with Puffin's group): the next run starts a new one.
      });
      this.child = child;
      return child;
    } catch {
      this.broken = true;
      return null;
    }
  }
}

let shared: RunGuard | undefined;

/** One watchdog per Puffin process, started with the first run (none on Windows). */
export function defaultRunGuard(): RunGuard {
  shared ??= process.platform === 'win32' ? noRunGuard : new ParentDeathWatchdog();
  return shared;
}
