/**
 * Every file of a project with its size and modification time, sorted by path: one readdir per folder and one lstat
 * per file. Symbolic links are not followed (what is inside the project, once), and dependencies, git's data and
 * Puffin's own store are never entered. The walk is bounded: a project root that is really a whole disk must not
 * cost minutes and gigabytes, nor hold the event loop that serves every other client.
 *
 * A file system that answers from its cache is asked in this thread, a slice of files at a time: handing each lstat
 * to libuv's pool and back costs several times the call itself. Once a slice shows the disk answering slowly (a
 * network share, a cold disk), the rest of the walk goes back to asynchronous calls, many in flight at once.
 */
import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { STORE_DIR } from '../../../shared/project';

export const WALK_SKIP_DIRS: readonly string[] = ['node_modules', '.git', STORE_DIR];

export interface FileStat {
  /** Relative, forward slashes. */
  rel: string;
  size: number;
  mtimeMs: number;
}

export interface WalkBounds {
  /** Files listed at most; the walk stops there. */
  maxFiles: number;
  /** Wall time the walk may take. */
  maxMs: number;
  /** lstat calls in flight at once (asynchronous), or made in one slice (in this thread). */
  concurrency: number;
  /** Mean time of one lstat above which the walk stops asking in this thread; 0: never in this thread. */
  inThreadStatMs: number;
}

export const WALK_BOUNDS: WalkBounds = {
  maxFiles: 100_000,
  maxMs: 10_000,
  concurrency: 64,
  inThreadStatMs: 0.25,
};

/** The files found, and why the walk stopped early (null: it saw every file). */
export interface WalkResult {
  files: FileStat[];
  cut: null | 'files' | 'time';
}

/** The event loop is given back at least this often while the walk runs. */
const YIELD_EVERY_MS = 10;

const statOf = (rel: string, s: { size: number; mtimeMs: number }): FileStat => ({
  rel,
  size: s.size,
  mtimeMs: s.mtimeMs,
});

function statNow(abs: string, rel: string): FileStat | null {
  try {
    const s = lstatSync(abs, { throwIfNoEntry: false });
    return s ? statOf(rel, s) : null; // gone since readdir
  } catch {
    return null; // unreadable: left out, as a file gone
  }
}

const statLater = (abs: string, rel: string): Promise<FileStat | null> =>
  lstat(abs).then(
    (s) => statOf(rel, s),
    () => null, // Gone since readdir.
  );

function readdirNow(abs: string): Dirent[] {
  try {
    return readdirSync(abs, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** `exclude` leaves out a file, or a folder with everything below it, by its relative path. */
export async function walkFiles(
  root: string,
  exclude?: (rel: string) => boolean,
  bounds: WalkBounds = WALK_BOUNDS,
): Promise<WalkResult> {
  const files: FileStat[] = [];
  const skip = new Set(WALK_SKIP_DIRS);
  const deadline = performance.now() + bounds.maxMs;
  const folders: [abs: string, rel: string][] = [[root, '']];
  const slice = Math.max(1, bounds.concurrency);
  let cut: WalkResult['cut'] = null;
  let inThread = bounds.inThreadStatMs > 0;
  let yielded = performance.now();
  // Other clients of this process are served while the walk runs.
  const breathe = async () => {
    if (performance.now() - yielded <= YIELD_EVERY_MS) return;
    await yieldToLoop();
    yielded = performance.now();
  };
  while (folders.length > 0 && cut === null) {
    const [dirAbs, dirRel] = folders.pop()!;
    const entries = inThread
      ? readdirNow(dirAbs)
      : await readdir(dirAbs, { withFileTypes: true }).catch(() => []);
    const found: [abs: string, rel: string][] = [];
    for (const entry of entries) {
      const rel = dirRel ? `${dirRel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name) && !exclude?.(rel)) folders.push([path.join(dirAbs, entry.name), rel]);
      } else if (entry.isFile() && !exclude?.(rel)) found.push([path.join(dirAbs, entry.name), rel]);
    }
    for (let i = 0; i < found.length && cut === null; i += slice) {
      const batch = found.slice(i, i + slice);
      let stats: (FileStat | null)[];
      if (inThread) {
        const start = performance.now();
        stats = batch.map(([abs, rel]) => statNow(abs, rel));
        if ((performance.now() - start) / batch.length > bounds.inThreadStatMs) inThread = false;
      } else stats = await Promise.all(batch.map(([abs, rel]) => statLater(abs, rel)));
      for (const s of stats) if (s && files.length < bounds.maxFiles) files.push(s);
      if (files.length >= bounds.maxFiles) cut = 'files';
      else if (performance.now() > deadline) cut = 'time';
      else await breathe();
    }
    if (cut === null && folders.length > 0) await breathe();
    if (cut === null && performance.now() > deadline && folders.length > 0) cut = 'time';
  }
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { files, cut };
}
