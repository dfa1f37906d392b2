/**
 * What git's untracked walk answered last time, kept in the map's local cache so that a later `git status` can skip
 * that walk, as git's own untracked cache does (which lives in the user's index, Puffin's to read but not to write):
 * the untracked and ignored paths, with the stat keys of all they follow from (folderWatch.ts; git's index, config
 * and exclude files). While every key is the same, so is the walk's answer. Never the source of truth: a missing,
 * corrupt or other-format record reads as none, and `git status` walks.
 */
import path from 'node:path';
import { readCacheJson, repoMapCacheDir, writeCacheJson } from './mapCache';
import type { Watched } from './folderWatch';

const NAME = 'git-status.json';

export interface StatusSnapshot {
  /** git's answer to where the work tree, its index and config are, with the environment that steers it. */
  where: string;
  /** Usable for a later status; false: kept only for `ignored`, so that the next walk skips ignored folders. */
  trusted: boolean;
  /** The folder walk stopped at its bounds: this project's folders are not watched. */
  tooMany: boolean;
  watched: Watched[];
  untracked: string[];
  ignored: string[];
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isWatched = (v: unknown): v is Watched[] =>
  Array.isArray(v) && v.every((w) => Array.isArray(w) && w.length === 2 && isStrings(w));

export async function readSnapshot(root: string): Promise<StatusSnapshot | null> {
  const r = await readCacheJson(path.join(repoMapCacheDir(root), NAME));
  if (
    !r ||
    typeof r.where !== 'string' ||
    typeof r.trusted !== 'boolean' ||
    typeof r.tooMany !== 'boolean' ||
    !isWatched(r.watched) ||
    !isStrings(r.untracked) ||
    !isStrings(r.ignored)
  )
    return null;
  const { where, trusted, tooMany, watched, untracked, ignored } = r;
  return { where, trusted, tooMany, watched, untracked, ignored };
}

/** The cache only saves work: a project Puffin may not write walks every time. */
export async function writeSnapshot(root: string, snapshot: StatusSnapshot): Promise<void> {
  await writeCacheJson(root, NAME, snapshot).catch(() => undefined);
}

/** The folders git ignored, as the walk prunes them (`dist/` → `dist`). */
export function ignoredFolders(ignored: readonly string[]): Set<string> {
  return new Set(ignored.filter((e) => e.endsWith('/')).map((e) => e.slice(0, -1)));
}
