// Target resolution with the project folder as a hard boundary: relative paths only, no `..` escape, and the real
// path (symlinks resolved) must stay inside the project's real path.
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { STORE_DIR } from '../../shared/project';
import { AssertionEvalError } from './errors';

export interface FileEntry {
  /** Relative to the project root, forward slashes. */
  rel: string;
  /** Real absolute path (symlinks resolved); the cache key for reads and parses. */
  abs: string;
  kind: 'file' | 'directory' | 'other';
  size: number;
}

/** Folders a glob walk never enters: dependencies, VCS data and Puffin's own store. */
export const DEFAULT_SKIP_DIRS = ['node_modules', '.git', STORE_DIR];

/** Validates a target string and returns it normalised (forward slashes, no `.` segments). */
export function normalizeTarget(target: string): string {
  if (target.trim() === '') throw new AssertionEvalError('refused target: empty path');
  if (target.includes('\0')) throw new AssertionEvalError('refused target: contains a NUL character');
  const slashed = target.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed)) {
    throw new AssertionEvalError(
      `refused target "${target}": absolute paths are not allowed, use a path relative to the project`,
    );
  }
  const normal = path.posix.normalize(slashed).replace(/\/$/, '');
  if (normal === '..' || normal.startsWith('../')) {
    throw new AssertionEvalError(`refused target "${target}": it points outside the project`);
  }
  return normal === '' ? '.' : normal;
}

export function isInside(realRoot: string, realPath: string): boolean {
  const rel = path.relative(realRoot, realPath);
  // `..` as a whole segment only: `..data/x` is inside. An absolute rel is another drive (Windows).
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function kindOf(s: { isFile(): boolean; isDirectory(): boolean }): FileEntry['kind'] {
  return s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other';
}

/** Resolves one literal (non-glob) relative path; null when nothing is there. Refuses symlink escapes. */
export async function resolveLiteral(root: string, realRoot: string, rel: string): Promise<FileEntry | null> {
  const joined = path.join(root, rel);
  let real: string;
  try {
    real = await realpath(joined);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      // A dangling symlink is still refused if it points outside; otherwise it is simply missing.
      return null;
    }
    throw new AssertionEvalError(`cannot resolve "${rel}": ${(err as Error).message}`);
  }
  if (!isInside(realRoot, real)) {
    throw new AssertionEvalError(
      `refused target "${rel}": it resolves outside the project (symlink to ${real})`,
    );
  }
  const s = await stat(real);
  return { rel, abs: real, kind: kindOf(s), size: s.size };
}

/**
 * Lists every file under the root (relative, sorted), skipping `skipDirs`. Symlinked directories are not followed
 * (no cycles); symlinked files are kept only when their real path is inside the project.
 */
export async function walkProject(realRoot: string, skipDirs: readonly string[]): Promise<FileEntry[]> {
  const out: FileEntry[] = [];
  const skip = new Set(skipDirs);
  async function visit(dirAbs: string, dirRel: string): Promise<void> {
    const entries = await readdir(dirAbs, { withFileTypes: true });
    for (const entry of entries) {
      const rel = dirRel ? `${dirRel}/${entry.name}` : entry.name;
      const abs = path.join(dirAbs, entry.name);
      if (entry.isDirectory()) {
        if (!skip.has(entry.name)) await visit(abs, rel);
      } else if (entry.isFile()) {
        out.push({ rel, abs, kind: 'file', size: (await lstat(abs)).size });
      } else if (entry.isSymbolicLink()) {
        const real = await realpath(abs).catch(() => null);
        if (!real || !isInside(realRoot, real)) continue;
        const s = await stat(real);
        if (s.isFile()) out.push({ rel, abs: real, kind: 'file', size: s.size });
      }
    }
  }
  await visit(realRoot, '');
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}
