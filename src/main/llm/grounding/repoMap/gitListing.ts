/**
 * The project's files as git sees them, without reading or stat'ing the ones git vouches for: every tracked file
 * with its blob id from the index (`git ls-files -s`), and, from `git status`, the files whose working copy differs
 * from it (modified, untracked, deleted). Only those few are stat'ed; a clean tracked file is known by its blob id,
 * so the map's cache needs no lstat of it. Not a git work tree, or git failing: null, and the caller walks the tree.
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { WALK_SKIP_DIRS, type WalkBounds } from '../walkFiles';
import type { GitStatus } from './gitStatus';
import { runGit } from './runGit';

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

const STAT_CONCURRENCY = 64;

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
  const index = await runGit(root, ['ls-files', '-s', '-z'], deadline - performance.now());
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
