/**
 * The project's files as git sees them, without reading or stat'ing the ones git vouches for: every tracked file
 * with its blob id from the index (`git ls-files -s`), and, from `git status`, the files whose working copy differs
 * from it (modified, untracked, deleted). Only those few are stat'ed; a clean tracked file is known by its blob id,
 * so the map's cache needs no lstat of it. Not a git work tree, or git failing: null, and the caller walks the tree.
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { WALK_SKIP_DIRS, type WalkBounds } from '../walkFiles';

/** A file of the listing: `key` changes whenever its content may have (a blob id, or size and mtime). */
export interface ListedFile {
  rel: string;
  key: string;
  /** Known when the file was stat'ed (a changed or untracked file); a clean tracked file's size is its blob's. */
  size?: number;
}

export interface Listing {
  files: ListedFile[];
  cut: null | 'files' | 'time';
}

const GIT_MAX_OUTPUT = 64 * 1024 * 1024;
const STAT_CONCURRENCY = 64;

async function git(root: string, args: string[], timeoutMs: number): Promise<string | null> {
  // Loaded when first used, as everywhere git is run from: execa's modules cost every start.
  const { execa } = await import('execa');
  const r = await execa('git', args, {
    cwd: root,
    reject: false,
    timeout: timeoutMs,
    maxBuffer: GIT_MAX_OUTPUT,
    stdin: 'ignore',
    windowsHide: true,
    // Never the user's pager or a prompt; never rewrite the index (a read must not race a user's git).
    env: { GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' },
  });
  return r.exitCode === 0 ? String(r.stdout) : null;
}

/**
 * Left out as the walk leaves it out: under a folder it never enters (dependencies, git's data, Puffin's store), or
 * the file or one of its folders excluded. Folders are asked once each.
 */
function leftOut(exclude: (rel: string) => boolean): (rel: string) => boolean {
  const folders = new Map<string, boolean>();
  const folderOut = (dir: string): boolean => {
    let out = folders.get(dir);
    if (out === undefined) {
      const slash = dir.lastIndexOf('/');
      const name = dir.slice(slash + 1);
      out =
        (slash >= 0 && folderOut(dir.slice(0, slash))) || WALK_SKIP_DIRS.includes(name) || exclude(dir);
      folders.set(dir, out);
    }
    return out;
  };
  return (rel) => {
    const slash = rel.lastIndexOf('/');
    return (slash >= 0 && folderOut(rel.slice(0, slash))) || exclude(rel);
  };
}

/** Paths `git status --porcelain -z` names: a rename's entry carries its old path too, both count. */
function statusPaths(out: string): Set<string> {
  const paths = new Set<string>();
  const parts = out.split('\0');
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    if (entry.length < 4) continue;
    paths.add(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') paths.add(parts[++i] ?? '');
  }
  return paths;
}

/** Whether `root` is the top of a git work tree (a sub-folder of one is walked: git would list its whole repo). */
async function isTopLevel(root: string, timeoutMs: number): Promise<boolean> {
  const top = await git(root, ['rev-parse', '--show-toplevel'], timeoutMs);
  if (top === null) return false;
  return path.resolve(top.trim()) === path.resolve(root);
}

export async function gitListing(
  root: string,
  exclude: (rel: string) => boolean,
  bounds: WalkBounds,
): Promise<Listing | null> {
  const deadline = performance.now() + bounds.maxMs;
  const left = () => Math.max(1, Math.round(deadline - performance.now()));
  if (!(await isTopLevel(root, left()))) return null;
  const [index, status] = await Promise.all([
    git(root, ['ls-files', '-s', '-z'], left()),
    git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'], left()),
  ]);
  if (index === null || status === null) return null;

  const changed = statusPaths(status);
  const tracked = new Map<string, string>();
  for (const entry of index.split('\0')) {
    // `<mode> <blob> <stage>\t<path>`; only regular files (links and submodules are not followed), stage 0 or the
    // first of a conflict.
    const tab = entry.indexOf('\t');
    if (tab < 0 || !entry.startsWith('100')) continue;
    const rel = entry.slice(tab + 1);
    if (!tracked.has(rel)) tracked.set(rel, entry.slice(7, tab - 2));
  }
  const rels = [...new Set([...tracked.keys(), ...changed])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  const files: ListedFile[] = [];
  const toStat: string[] = [];
  const out = leftOut(exclude);
  let cut: Listing['cut'] = null;
  for (const rel of rels) {
    if (rel === '' || out(rel)) continue;
    if (files.length + toStat.length >= bounds.maxFiles) {
      cut = 'files';
      break;
    }
    if (changed.has(rel)) toStat.push(rel);
    else files.push({ rel, key: `b:${tracked.get(rel)!}` });
  }
  for (let i = 0; i < toStat.length; i += STAT_CONCURRENCY) {
    if (performance.now() > deadline) {
      cut = 'time';
      break;
    }
    const stats = await Promise.all(
      toStat.slice(i, i + STAT_CONCURRENCY).map((rel) =>
        lstat(path.join(root, rel)).then(
          (s): ListedFile | null =>
            s.isFile() ? { rel, key: `s:${s.size}:${s.mtimeMs}`, size: s.size } : null,
          () => null, // Deleted in the working copy.
        ),
      ),
    );
    for (const f of stats) if (f) files.push(f);
  }
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { files, cut };
}
