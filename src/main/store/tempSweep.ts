import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCAL } from './folders';
import { pidAlive } from './runOwner';

/**
 * A temp file of an atomic write (`.<name>.p<pid>.<12 hex>.tmp`; before writers named themselves,
 * `.<name>.<12 hex>.tmp`) or of the open-time write check: group 1 is the writer's pid when the name has it.
 */
const ATOMIC_TEMP = /^\..+?(?:\.p(\d+))?\.[0-9a-f]{12}\.tmp$/;
/** A stored validator being written (`<16 hex>.js.<pid>.tmp`, storedValidators.ts). */
const VALIDATOR_TEMP = /^[0-9a-f]{16}\.js\.(\d+)\.tmp$/;

/** Older than this, a temp file belongs to a write that was killed: no write of one record takes a minute. */
export const STALE_TEMP_MS = 60_000;

export interface SweepOptions {
  /** The folder's subfolders too (the store); otherwise the folder alone (user data, a project's docs/). */
  recursive?: boolean;
  now?: number;
  /** Whether a writer's pid is alive on this machine (default: signal 0). */
  alive?: (pid: number) => boolean;
  /** Only temp files that name their writer (folders of the user's project, where an old-style name is not ours). */
  namedOnly?: boolean;
  /** Subfolders (`/`-separated, relative to the folder) not looked into: whole checkouts such as the worktrees. */
  skip?: readonly string[];
}

/**
 * The temp files (`.tmp`) under `dir`, relative to it, not looking into `skip`: a folder's entries come with their
 * types, so a store of 100,000 records costs its listings, not a stat and a path per record.
 */
async function filesUnder(
  dir: string,
  recursive: boolean,
  skip: readonly string[],
  under = '',
): Promise<string[]> {
  const entries = await readdir(under ? join(dir, under) : dir, { withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [];
      throw err;
    },
  );
  const out: string[] = [];
  for (const e of entries) {
    const rel = under ? `${under}/${e.name}` : e.name;
    if (e.isDirectory() && recursive && !skip.includes(rel))
      out.push(...(await filesUnder(dir, true, skip, rel)));
    else if (!e.isDirectory() && e.name.endsWith('.tmp')) out.push(rel);
  }
  return out;
}

/**
 * Removes the temp files killed writes left in a folder (a kill between creating and renaming one). A temp file is
 * removed at once when its writer is dead; one whose writer may be alive (another Puffin writing now, or a pid
 * reused since), or that does not name its writer, only once it is a minute old. Returns the removed paths,
 * relative to the folder.
 */
export async function sweepTemps(dir: string, options: SweepOptions = {}): Promise<string[]> {
  const { recursive = false, now = Date.now(), alive = pidAlive, namedOnly = false, skip = [] } = options;
  const names = await filesUnder(dir, recursive, skip);
  const removed: string[] = [];
  for (const name of names) {
    const base = name.split('/').at(-1) ?? '';
    const match = ATOMIC_TEMP.exec(base) ?? VALIDATOR_TEMP.exec(base);
    if (!match || (namedOnly && !match[1])) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    const writerDead = match[1] !== undefined && !alive(Number(match[1]));
    if (!writerDead && now - info.mtimeMs < STALE_TEMP_MS) continue;
    await rm(path, { force: true });
    removed.push(name);
  }
  return removed;
}

/** The store's subfolders that are checkouts of the user's project, not Puffin's files. */
export const STORE_SWEEP_SKIP = [`${LOCAL}/worktrees`];

/** The temp files of a store, anywhere in it but its worktrees (see sweepTemps). */
export function sweepStaleTemps(
  storeDir: string,
  now = Date.now(),
  alive: (pid: number) => boolean = pidAlive,
): Promise<string[]> {
  return sweepTemps(storeDir, { recursive: true, now, alive, skip: STORE_SWEEP_SKIP });
}
