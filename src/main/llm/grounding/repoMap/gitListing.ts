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
export function leftOut(exclude: (rel: string) => boolean): (rel: string) => boolean {
  const folders = new Map<string, boolean>();
  const folderOut = (dir: string): boolean => {
    let out = folders.get(dir);
    if (out === undefined) {
      const slash = dir.lastIndexOf('/');
      const name = dir.slice(slash + 1);
      out = (slash >= 0 && folderOut(dir.slice(0, slash))) || WALK_SKIP_DIRS.includes(name) || exclude(dir);
      folders.set(dir, out);
    }
    return out;
  };
  return (rel) => {
    const slash = rel.lastIndexOf('/');
    return (slash >= 0 && folderOut(rel.slice(0, slash))) || exclude(rel);
  };
}

/**
 * `git status` of a work tree's top, in one walk of its folders: the paths whose working copy differs from the
 * index (changed, untracked, deleted), and what git ignores, a folder once (`dist/`) as `git ls-files --ignored
 * --directory` lists it (ignoredFiles.ts), so the grounding policy needs no walk of its own.
 */
export interface GitStatus {
  /** Git's index file, relative to the root or absolute. */
  indexPath: string;
  changed: string[];
  ignored: string[];
}

/** Null: not the top of a git work tree (a sub-folder is walked: git would list its whole repository), or git failed. */
export async function readGitStatus(root: string, deadline: number): Promise<GitStatus | null> {
  // The top of a work tree has its .git (a folder, or a file naming one): without it, no git process is started.
  if (
    !(await lstat(path.join(root, '.git')).then(
      () => true,
      () => false,
    ))
  )
    return null;
  const left = () => Math.max(1, Math.round(deadline - performance.now()));
  const [where, status] = await Promise.all([
    git(root, ['rev-parse', '--show-toplevel', '--git-path', 'index'], left()),
    git(
      root,
      ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignored=matching', '--no-renames'],
      left(),
    ),
  ]);
  if (where === null || status === null) return null;
  const [top, indexPath] = where.split('\n');
  if (!top || !indexPath || path.resolve(top) !== path.resolve(root)) return null;
  const changed: string[] = [];
  const ignored: string[] = [];
  const parts = status.split('\0');
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    if (entry.length < 4) continue;
    if (entry.startsWith('!!')) ignored.push(entry.slice(3));
    else changed.push(entry.slice(3));
    // A rename's or copy's entry carries its old path too: both count.
    if (entry[0] === 'R' || entry[0] === 'C') changed.push(parts[++i] ?? '');
  }
  return { indexPath, changed, ignored: ignored.sort() };
}

/**
 * What git says of the working copy, cheaply (no listing of tracked files): the index file's identity and every
 * path whose working copy differs from it, stat'ed. While both stay the same, so does the listing: it follows from
 * the index (`ls-files`) and these paths alone.
 */
export interface GitState {
  /** Size, modification time and inode of git's index file. */
  index: string;
  /** The changed, untracked or deleted paths, each with its stat key (null: not a regular file, or gone). */
  changed: Map<string, ListedFile | null>;
}

/** Null: more changed files than a map holds (the walk, bounded, takes over). `out`: what the map leaves out. */
export async function gitState(
  root: string,
  status: GitStatus,
  out: (rel: string) => boolean,
  maxFiles: number,
  deadline: number,
): Promise<GitState | null> {
  const index = await lstat(path.resolve(root, status.indexPath)).then(
    (s) => `${s.size}:${s.mtimeMs}:${s.ino}`,
    () => 'none', // a repository without a commit or a staged file yet
  );
  const changed = new Map<string, ListedFile | null>();
  const rels = [...new Set(status.changed)].filter((rel) => rel !== '' && !out(rel));
  if (rels.length > maxFiles) return null;
  for (let i = 0; i < rels.length; i += STAT_CONCURRENCY) {
    if (performance.now() > deadline) return null;
    await Promise.all(
      rels.slice(i, i + STAT_CONCURRENCY).map((rel) =>
        lstat(path.join(root, rel)).then(
          (s) => changed.set(rel, s.isFile() ? { rel, key: `s:${s.size}:${s.mtimeMs}`, size: s.size } : null),
          () => changed.set(rel, null), // deleted in the working copy
        ),
      ),
    );
  }
  return { index, changed };
}

/** A hash input for a state: equal strings, equal listings (for the same exclusions). */
export function stateKey(state: GitState): string {
  const changed = [...state.changed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${state.index}\n${changed.map(([rel, f]) => `${rel}\u0000${f?.key ?? '-'}`).join('\n')}`;
}

/** Every file of the listing: the tracked ones with their blob ids, the changed ones as `state` stat'ed them. */
export async function gitListing(
  root: string,
  state: GitState,
  out: (rel: string) => boolean,
  bounds: WalkBounds,
  deadline: number,
): Promise<Listing | null> {
  const index = await git(
    root,
    ['ls-files', '-s', '-z'],
    Math.max(1, Math.round(deadline - performance.now())),
  );
  if (index === null) return null;
  const files: ListedFile[] = [];
  const seen = new Set<string>();
  let cut: Listing['cut'] = null;
  const add = (f: ListedFile): boolean => {
    if (out(f.rel)) return true;
    if (files.length >= bounds.maxFiles) {
      cut = 'files';
      return false;
    }
    files.push(f);
    return true;
  };
  for (const entry of index.split('\0')) {
    // `<mode> <blob> <stage>\t<path>`; only regular files (links and submodules are not followed), and a
    // conflicted file once.
    const tab = entry.indexOf('\t');
    if (tab < 0 || !entry.startsWith('100')) continue;
    const rel = entry.slice(tab + 1);
    if (seen.has(rel)) continue;
    seen.add(rel);
    const changed = state.changed.get(rel);
    if (changed === null) continue;
    if (!add(changed ?? { rel, key: `b:${entry.slice(7, tab - 2)}` })) break;
  }
  if (cut === null) for (const [rel, f] of state.changed) if (f && !seen.has(rel) && !add(f)) break;
  if (cut === null && performance.now() > deadline) cut = 'time';
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { files, cut };
}
