/**
 * Every file of a project with its size and modification time, sorted by path: one readdir per folder and one lstat
 * per file, a folder's entries at once. Symbolic links are not followed (what is inside the project, once), and
 * dependencies, git's data and Puffin's own store are never entered.
 */
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { STORE_DIR } from '../../../shared/project';

export const WALK_SKIP_DIRS: readonly string[] = ['node_modules', '.git', STORE_DIR];

export interface FileStat {
  /** Relative, forward slashes. */
  rel: string;
  size: number;
  mtimeMs: number;
}

/** `exclude` leaves out a file, or a folder with everything below it, by its relative path. */
export async function walkFiles(root: string, exclude?: (rel: string) => boolean): Promise<FileStat[]> {
  const out: FileStat[] = [];
  const skip = new Set(WALK_SKIP_DIRS);
  async function visit(dirAbs: string, dirRel: string): Promise<void> {
    const entries = await readdir(dirAbs, { withFileTypes: true }).catch(() => []);
    const jobs: Promise<void>[] = [];
    for (const entry of entries) {
      const rel = dirRel ? `${dirRel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name) && !exclude?.(rel)) jobs.push(visit(path.join(dirAbs, entry.name), rel));
      } else if (entry.isFile() && !exclude?.(rel)) {
        jobs.push(
          lstat(path.join(dirAbs, entry.name)).then(
            (s) => void out.push({ rel, size: s.size, mtimeMs: s.mtimeMs }),
            () => undefined, // Gone since readdir.
          ),
        );
      }
    }
    await Promise.all(jobs);
  }
  await visit(root, '');
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}
