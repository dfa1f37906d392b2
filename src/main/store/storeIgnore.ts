/**
 * `.puffin/.gitignore`: what of the store git never sees. The store is shared through git, except what is one
 * person's: the `local/` folder, and the transient files a write leaves beside its record for a moment (the temp file
 * it renames into place, the lock it holds against other processes, which must sit in the record's own folder for
 * the rename and the lock to be atomic) or a file kept aside as unreadable. Lines the user added are kept.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../base/atomicFile';
import { LOCAL } from './folders';

export const STORE_GITIGNORE = '.gitignore';

/** Each pattern, and why, in the order they are written. */
export const STORE_IGNORED: readonly (readonly [pattern: string, why: string])[] = [
  [
    `/${LOCAL}/`,
    'one person’s: history and raw lines, the open review, drafts, caches, worktrees, locks, temp files',
  ],
  ['.*.tmp', 'a record being written (renamed into place when complete)'],
  ['.*.lock', 'a record being updated by another process'],
  ['.*.lock.*', 'a lock being taken'],
  ['*.corrupt-*', 'an unreadable record kept aside on this machine'],
];

export function storeIgnoreText(): string {
  const lines = ['# Written by Puffin: what of .puffin/ stays out of git. Lines you add are kept.'];
  for (const [pattern, why] of STORE_IGNORED) lines.push(`# ${why}`, pattern);
  return lines.join('\n') + '\n';
}

/**
 * Writes the store's `.gitignore`, or adds the patterns it lacks to one that exists (the user's own lines stay).
 * Returns what it did.
 */
export async function ensureStoreIgnore(storeDir: string): Promise<'created' | 'updated' | 'unchanged'> {
  const file = join(storeDir, STORE_GITIGNORE);
  const existing = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (existing === null) {
    await writeFileAtomic(file, storeIgnoreText());
    return 'created';
  }
  const have = new Set(existing.split(/\r?\n/).map((l) => l.trim()));
  const missing = STORE_IGNORED.filter(([pattern]) => !have.has(pattern));
  if (missing.length === 0) return 'unchanged';
  const sep = existing.endsWith('\n') || existing === '' ? '' : '\n';
  await writeFileAtomic(file, existing + sep + missing.map(([p]) => p).join('\n') + '\n');
  return 'updated';
}
