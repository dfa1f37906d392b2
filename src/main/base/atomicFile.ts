import { open, rename, rm, mkdir, readFile } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { withPathLock } from './pathLock';
import { typedWrite } from './writeErrors';

/**
 * Every temp file of an atomic write is `.<name>.p<pid>.<random>.tmp` beside its target: the writer's pid lets the
 * next start of any face remove it at once when that writer is dead (store/tempSweep.ts).
 */
export const TEMP_SUFFIX = '.tmp';

/** Per-path write queue: two writes of one file never interleave, and the last one wins. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `job` after every earlier job queued on the same path in this process, holding the path's lock against
 * other processes (pathLock.ts): the building block for read-modify-write updates of one file. Inside a job, write
 * with writeFileAtomicNow (not writeFileAtomic, which would queue behind the job itself).
 */
export function serializeOnPath<T>(path: string, job: () => Promise<T>): Promise<T> {
  return serialize(path, () => withPathLock(path, job));
}

function serialize<T>(path: string, job: () => Promise<T>): Promise<T> {
  const previous = queues.get(path) ?? Promise.resolve();
  const next = previous.then(job, job);
  const settled = next.catch(() => undefined);
  queues.set(path, settled);
  void settled.then(() => {
    if (queues.get(path) === settled) queues.delete(path);
  });
  return next;
}

/**
 * Writes a file so that readers see either the old or the new content, never a torn one:
 * temp file in the same folder, fsync, rename, then fsync the folder so the rename survives a crash.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  return serialize(path, () => writeFileAtomicNow(path, data));
}

/**
 * writeFileAtomic without the queue: only for use inside a serializeOnPath job on the same path. A failed write
 * leaves no temp file behind, and a full disk or a folder Puffin may not write is a typed error (writeErrors.ts).
 */
export function writeFileAtomicNow(path: string, data: string | Uint8Array): Promise<void> {
  return typedWrite(path, () => writeThroughTemp(path, data));
}

async function writeThroughTemp(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(
    dirname(path),
    `.${basename(path)}.p${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`,
  );
  try {
    const handle = await open(tmp, 'w', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (err) {
    // A partial temp file is useless (the target is untouched): never leave it in the store.
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
  await syncDir(dirname(path));
}

/** Makes a rename in `dir` survive a crash (where the platform can: not Windows). */
export async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the rename itself is still atomic there.
  }
}

export type JsonReadResult<T> =
  { kind: 'ok'; value: T } | { kind: 'missing' } | { kind: 'corrupt'; keptAs: string; reason: string };

export type JsonRead<T> =
  { kind: 'ok'; value: T } | { kind: 'missing' } | { kind: 'invalid'; reason: string };

/** Reads and checks a JSON file without touching it: `invalid` when it does not parse or fails `check`. */
export async function readJson<T>(
  path: string,
  check: (value: unknown) => string | null = () => null,
): Promise<JsonRead<T>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw err;
  }
  let value: unknown;
  let reason: string | null;
  try {
    value = JSON.parse(text);
    reason = check(value);
  } catch (err) {
    reason = `not valid JSON (${(err as Error).message})`;
  }
  return reason === null ? { kind: 'ok', value: value as T } : { kind: 'invalid', reason };
}

/**
 * Keeps an unreadable file aside as `<name>.corrupt-<time>` (never overwritten, so the user can recover it) and
 * returns that path. Without the per-path queue: only inside a serializeOnPath job on the same path.
 */
export async function quarantineNow(path: string, now = new Date()): Promise<string> {
  const keptAs = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  await typedWrite(keptAs, () => rename(path, keptAs));
  return keptAs;
}

/**
 * Reads a JSON file. A file that fails to parse (or to pass `check`) is never overwritten later:
 * it is renamed aside to `<name>.corrupt-<time>` so the user can recover it, and the caller is told.
 */
export async function readJsonOrQuarantine<T>(
  path: string,
  check: (value: unknown) => string | null = () => null,
): Promise<JsonReadResult<T>> {
  const read = await readJson<T>(path, check);
  if (read.kind !== 'invalid') return read;
  const keptAs = await serialize(path, () => quarantineNow(path));
  return { kind: 'corrupt', keptAs, reason: read.reason };
}

/** Deletes a file in the same per-path queue as writes, so a delete never races a pending write. */
export function removeFile(path: string): Promise<void> {
  return serialize(path, () => typedWrite(path, () => rm(path, { force: true })));
}
