/**
 * Every file of a project with its size and modification time, sorted by path: one readdir per folder and one lstat
 * per file. Symbolic links are not followed (what is inside the project, once), and dependencies, git's data and
 * Puffin's own store are never entered. The walk is bounded: a project root that is really a whole disk must not
 * cost minutes and gigabytes, nor hold the event loop that serves every other client.
 */
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
  /** lstat calls in flight at once. */
  concurrency: number;
}

export const WALK_BOUNDS: WalkBounds = { maxFiles: 100_000, maxMs: 10_000, concurrency: 64 };

/** The files found, and why the walk stopped early (null: it saw every file). */
export interface WalkResult {
  files: FileStat[];
  cut: null | 'files' | 'time';
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
  let cut: WalkResult['cut'] = null;
  while (folders.length > 0 && cut === null) {
    const [dirAbs, dirRel] = folders.pop()!;
    const entries = await readdir(dirAbs, { withFileTypes: true }).catch(() => []);
    const found: [abs: string, rel: string][] = [];
    for (const entry of entries) {
      const rel = dirRel ? `${dirRel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name) && !exclude?.(rel)) folders.push([path.join(dirAbs, entry.name), rel]);
      } else if (entry.isFile() && !exclude?.(rel)) found.push([path.join(dirAbs, entry.name), rel]);
    }
    for (let i = 0; i < found.length && cut === null; i += bounds.concurrency) {
      const stats = await Promise.all(
        found.slice(i, i + bounds.concurrency).map(([abs, rel]) =>
          lstat(abs).then(
            (s): FileStat => ({ rel, size: s.size, mtimeMs: s.mtimeMs }),
            () => null, // Gone since readdir.
          ),
        ),
      );
      for (const s of stats) if (s && files.length < bounds.maxFiles) files.push(s);
      if (files.length >= bounds.maxFiles) cut = 'files';
      else if (performance.now() > deadline) cut = 'time';
    }
    // Other clients of this process are served between folders.
    if (cut === null && folders.length > 0) await yieldToLoop();
    if (cut === null && performance.now() > deadline && folders.length > 0) cut = 'time';
  }
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { files, cut };
}
