/**
 * The stat keys that say whether git's untracked walk would still find the same: every folder it enters (a folder's
 * modification time moves whenever an entry is added, removed or renamed in it) and every `.gitignore` in them (an
 * edit in place moves only the file's own time). Folders the map never enters (dependencies, git's data, Puffin's
 * store), nested repositories' insides and the folders of `prune` (what git ignored last time) are not walked.
 */
import { lstatSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { WALK_SKIP_DIRS } from '../walkFiles';

/** A path (relative to the project, `.` for its top, or absolute) with its stat key. */
export type Watched = [path: string, key: string];

/** A key ending so is of a path whose time is too recent to vouch for it: it never matches, so it is looked at again. */
const UNSURE = '?';
const unsure = (key: string | undefined) => key === undefined || key.endsWith(UNSURE);

/** What a path's identity and content time are; '-' when it is gone. Folders: time and inode; files: size too. */
export function statKey(abs: string, recentAfter = Infinity): string {
  const s = lstatSync(abs, { throwIfNoEntry: false });
  if (!s) return '-';
  // A change later in the same clock tick of a coarse file system would leave the time as it is.
  const dir = s.isDirectory();
  if (s.mtimeMs > recentAfter) return `${dir ? 'd' : 'f'}${UNSURE}`;
  return `${dir ? 'd' : s.size}:${s.mtimeMs}:${s.ino}`;
}

/** True while every watched path stats as it did (stops at the first that does not). */
export function unchanged(root: string, watched: readonly Watched[]): boolean {
  return watched.every(([p, key]) => !unsure(key) && statKey(path.resolve(root, p)) === key);
}

const parentOf = (rel: string) => (rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '.');

/**
 * Every folder's key, and its `.gitignore`'s. With `known` (the last walk's keys), a folder whose key is the same
 * has the same entries, so only changed folders are read again. Null: more than `maxFolders` folders, or past the
 * deadline (the folders are then not worth watching).
 */
export async function watchFolders(
  root: string,
  options: {
    prune: ReadonlySet<string>;
    known: readonly Watched[];
    recentAfter: number;
    maxFolders: number;
    deadline: number;
  },
): Promise<Watched[] | null> {
  const skip = new Set(WALK_SKIP_DIRS);
  const knownKey = new Map(options.known);
  const children = new Map<string, string[]>();
  for (const [rel] of options.known) {
    if (rel === '.' || path.isAbsolute(rel)) continue;
    const parent = parentOf(rel);
    const list = children.get(parent);
    if (list) list.push(rel);
    else children.set(parent, [rel]);
  }
  const watched: Watched[] = [];
  const keyOf = (rel: string) => {
    const key = statKey(path.join(root, rel), options.recentAfter);
    watched.push([rel, key]);
    return key;
  };
  let level = ['.'];
  let folders = 0;
  while (level.length > 0) {
    folders += level.length;
    if (folders > options.maxFolders || performance.now() > options.deadline) return null;
    const next: string[] = [];
    await Promise.all(
      level.map(async (dir) => {
        // The folder's key before its listing: an entry added in between shows as a changed key next time.
        const key = keyOf(dir);
        if (!unsure(key) && key === knownKey.get(dir)) {
          for (const rel of children.get(dir) ?? []) {
            if (!knownKey.get(rel)?.startsWith('d'))
              keyOf(rel); // its .gitignore
            else if (!options.prune.has(rel)) next.push(rel);
          }
          return;
        }
        const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
        if (dir !== '.' && entries.some((e) => e.name === '.git')) return; // a repository of its own
        for (const e of entries) {
          const rel = dir === '.' ? e.name : `${dir}/${e.name}`;
          if (e.isDirectory()) {
            if (!skip.has(e.name) && !options.prune.has(rel)) next.push(rel);
          } else if (e.name === '.gitignore') keyOf(rel);
        }
      }),
    );
    level = next;
  }
  return watched;
}
