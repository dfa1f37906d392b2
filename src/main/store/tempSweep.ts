import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { TEMP_SUFFIX } from '../core/atomicFile';

/** A temp file of an atomic write (`.<name>.<12 hex>.tmp`) or of the open-time write check. */
const TEMP_NAME = new RegExp(`^\\..+\\.[0-9a-f]{12}${TEMP_SUFFIX.replace('.', '\\.')}$`);

/** Older than this, a temp file belongs to a write that was killed: no write of one record takes a minute. */
export const STALE_TEMP_MS = 60_000;

/**
 * Removes the temp files that killed writes left in a store (a kill between creating and renaming one), so
 * `.puffin/` holds records only. Recent ones are left: another Puffin on the same project may be writing them.
 * Returns the removed paths, relative to the store.
 */
export async function sweepStaleTemps(storeDir: string, now = Date.now()): Promise<string[]> {
  const names = await readdir(storeDir, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const removed: string[] = [];
  for (const name of names) {
    const base = name.split(/[\\/]/).at(-1) ?? '';
    if (!TEMP_NAME.test(base)) continue;
    const path = join(storeDir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < STALE_TEMP_MS) continue;
    await rm(path, { force: true });
    removed.push(name.split('\\').join('/'));
  }
  return removed;
}
