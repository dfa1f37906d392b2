/**
 * A read-modify-write of one file held against other processes: the in-process queue (serializeOnPath) keeps one
 * Puffin's writes in order, but the desktop app, the browser host and a headless command are separate processes
 * and could each read the same record, change it and write it back, one losing the other's change. The lock is
 * `.<name>.lock` beside the file, created exclusively and naming its holder; a holder that died (or held it far
 * longer than any update takes) loses it to the next writer.
 */
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { ServiceError } from './errors';

/** An update holds its lock for milliseconds; one this old belongs to a stuck or stopped writer. */
const STALE_MS = 30_000;
/** How long a writer waits for another process's update before it gives up with a typed error. */
const WAIT_MS = 15_000;

export const lockPathOf = (path: string): string => join(dirname(path), `.${basename(path)}.lock`);

export async function withPathLock<T>(path: string, job: () => Promise<T>): Promise<T> {
  const lock = lockPathOf(path);
  const token = `${process.pid} ${Date.now()} ${Math.random().toString(36).slice(2)}`;
  const giveUp = performance.now() + WAIT_MS;
  for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
    const taken = await open(lock, 'wx').then(
      async (handle) => {
        await handle.writeFile(token);
        await handle.close();
        return true;
      },
      (err: NodeJS.ErrnoException) => {
        // No folder yet (a first write creates it), or a file system without exclusive create: no lock to take.
        if (err.code === 'ENOENT' || err.code === 'EPERM' || err.code === 'EACCES' || err.code === 'EROFS')
          return null;
        if (err.code !== 'EEXIST') throw err;
        return false;
      },
    );
    if (taken === null) return job();
    if (taken) break;
    if (await breakIfStale(lock)) continue;
    if (performance.now() > giveUp)
      throw new ServiceError(
        'store_error',
        `Another Puffin has been writing ${path} for too long; try again.`,
      );
    await wait(pause);
  }
  try {
    return await job();
  } finally {
    // Only our own lock: one broken as stale and taken by another writer is theirs now.
    if ((await readFile(lock, 'utf8').catch(() => '')) === token) await rm(lock, { force: true });
  }
}

/** Removes the lock when its holder is dead or it is too old; true when it did. */
export async function breakIfStale(lock: string): Promise<boolean> {
  const [text, info] = await Promise.all([
    readFile(lock, 'utf8').catch(() => null),
    stat(lock).catch(() => null),
  ]);
  if (text === null || info === null) return true; // released meanwhile: try again at once
  const young = Date.now() - info.mtimeMs < STALE_MS;
  // Created but not written yet (its holder is between the exclusive create and the write): not stale while young.
  if (text === '' && young) return false;
  const pid = Number(text.split(' ')[0]);
  if (alive(pid) && young) return false;
  // A rename is atomic: of two writers breaking the same lock, one succeeds and the other tries again.
  const aside = `${lock}.${process.pid}.stale`;
  if (
    await rename(lock, aside).then(
      () => true,
      () => false,
    )
  )
    await rm(aside, { force: true });
  return true;
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
