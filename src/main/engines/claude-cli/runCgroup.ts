/**
 * A CLI run in a cgroup of its own, where Linux lets Puffin make one (cgroup v2, delegated to Puffin's user, as
 * systemd does for user sessions, or as root). Every descendant stays in the cgroup whatever it does (setsid, a
 * cleared environment that drops the run marker, a double fork), and `cgroup.kill` ends them all at once.
 * Elsewhere the process group and the run marker are what there is: a descendant that leaves the group and clears
 * its environment can then outlive the run.
 */
import { access, mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';

const CGROUP_FS = '/sys/fs/cgroup';
const PREFIX = 'puffin-';
/** How long a killed cgroup may take to empty before its folder is left for the next start's sweep (cgroupBase). */
const EMPTY_WAIT_MS = 2000;

let base: Promise<string | null> | undefined;

/** The cgroup Puffin runs in, when it may make cgroups below it; null where it may not. */
export function cgroupBase(): Promise<string | null> {
  base ??= findBase().catch(() => null);
  return base;
}

async function findBase(): Promise<string | null> {
  if (process.platform !== 'linux') return null;
  const own = (await readFile('/proc/self/cgroup', 'utf8')).split('\n').find((l) => l.startsWith('0::'));
  if (!own) return null;
  const mounts = [CGROUP_FS, path.join(CGROUP_FS, 'unified')];
  for (const mount of mounts) {
    const exists = await access(path.join(mount, 'cgroup.controllers')).then(
      () => true,
      () => false,
    );
    if (!exists) continue;
    const dir = path.join(mount, own.slice(3));
    const probe = path.join(dir, `${PREFIX}probe-${process.pid}`);
    try {
      await mkdir(probe);
      await rmdir(probe);
    } catch {
      return null;
    }
    await sweep(dir);
    return dir;
  }
  return null;
}

/** Removes the emptied cgroups of runs whose Puffin died (a cgroup still holding processes cannot be removed). */
async function sweep(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  await Promise.all(
    names.filter((n) => n.startsWith(PREFIX)).map((n) => rmdir(path.join(dir, n)).catch(() => undefined)),
  );
}

const adoptions = new Map<string, Promise<boolean>>();

/** Moves the run's leader into a cgroup of the run's own; false where cgroups are not Puffin's to make. */
export function adoptIntoRunCgroup(runId: string, pid: number): Promise<boolean> {
  const adopted = (async () => {
    const dir = await cgroupBase();
    if (!dir) return false;
    const own = path.join(dir, PREFIX + runId);
    try {
      await mkdir(own);
      await writeFile(path.join(own, 'cgroup.procs'), String(pid));
      return true;
    } catch {
      await rmdir(own).catch(() => undefined);
      return false;
    }
  })();
  adoptions.set(runId, adopted);
  return adopted;
}

/** Kills every process in the run's cgroup and removes it; the number of processes it held. */
export async function killRunCgroup(runId: string): Promise<number> {
  const adopted = adoptions.get(runId);
  adoptions.delete(runId);
  if (!adopted || !(await adopted)) return 0;
  const own = path.join((await cgroupBase())!, PREFIX + runId);
  const members = async () =>
    (await readFile(path.join(own, 'cgroup.procs'), 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const held = (await members()).length;
  await writeFile(path.join(own, 'cgroup.kill'), '1').catch(async () => {
    // Kernels before 5.14 have no cgroup.kill: the members one by one.
    for (const pid of await members()) killPid(Number(pid));
  });
  // The kernel empties the cgroup as the killed processes are reaped.
  for (const until = performance.now() + EMPTY_WAIT_MS; (await members()).length > 0;) {
    if (performance.now() > until) return held;
    await wait(10);
  }
  await rmdir(own).catch(() => undefined);
  return held;
}

function killPid(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}
