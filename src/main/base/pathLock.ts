/**
 * A read-modify-write of one file held against other processes: the in-process queue (serializeOnPath) keeps one
 * Puffin's writes in order, but the desktop app, the browser host and a headless command are separate processes
 * and could each read the same record, change it and write it back, one losing the other's change. The lock is
 * `.<name>.lock` beside the file, created exclusively and naming its holder; a holder that died (or held it far
 * longer than any update takes) loses it to the next writer.
 */
import { link, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { ServiceError } from './errors';
import { writeFailure } from './writeErrors';

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
    const taken = await take(lock, token, path);
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

/**
 * Creates the lock with its holder's token in one step: the token is written to a file of its own, which is then
 * hard-linked as the lock (refused when the lock exists), so no other writer ever reads a lock without its holder.
 * Where hard links are refused, an exclusive create and a write. null: no lock can be taken here (no folder yet, a
 * read-only or foreign file system), so the update runs with the in-process queue only.
 */
async function take(lock: string, token: string, path: string): Promise<boolean | null> {
  const own = `${lock}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const unusable = (code: string | undefined) =>
    code === 'ENOENT' || code === 'EPERM' || code === 'EACCES' || code === 'EROFS';
  try {
    await writeFile(own, token, { flag: 'wx' });
  } catch (err) {
    // A full disk may have let the file be created, part-written: never left beside the record.
    await rm(own, { force: true }).catch(() => undefined);
    if (unusable((err as NodeJS.ErrnoException).code)) return null;
    // A full disk is the record's write failing (disk_full, nothing changed), said as such.
    throw writeFailure(err, path);
  }
  try {
    await link(own, lock);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw err;
    return exclusiveCreate(lock, token);
  } finally {
    await rm(own, { force: true });
  }
}

async function exclusiveCreate(lock: string, token: string): Promise<boolean | null> {
  try {
    await writeFile(lock, token, { flag: 'wx' });
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EROFS') return null;
    throw err;
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
