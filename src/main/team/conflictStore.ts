/**
 * The conflicts git merges recorded, `.puffin/conflicts/<key>.json` per record file: each merge that found fields
 * both sides changed differently appends one revision marked conflicting, holding the other side's values (the
 * record kept the current side's). Shared with the team through git until someone resolves the record and deletes
 * the file. Bounded: the newest revisions of a record are kept.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isId } from '../../shared/ids';
import type { ConflictRevision, RecordConflicts } from '../../shared/team';
import { serializeOnPath, writeFileAtomicNow } from '../base/atomicFile';
import { CONFLICTS } from '../store/folders';
import { recordText } from '../store/recordFile';
import type { RecordPlace } from './recordPlace';

/** Revisions kept per record: a record merged conflicting more often than this has bigger problems to show. */
export const MAX_CONFLICT_REVISIONS = 50;
/** Conflict files listed at most (the list is for people to read). */
export const MAX_CONFLICT_FILES = 1_000;

/** The conflicts file's key: the record's path with `__` for `/`, or a digest when that is no valid id. */
export function conflictKey(rel: string): string {
  const key = rel.replace(/\.json$/, '').replace(/\//g, '__');
  return isId(key) ? key : `r-${createHash('sha256').update(rel).digest('hex').slice(0, 32)}`;
}

function isConflicts(v: unknown): v is RecordConflicts {
  const c = v as Partial<RecordConflicts> | null;
  return typeof c === 'object' && c !== null && typeof c.file === 'string' && Array.isArray(c.revisions);
}

/** Appends a conflicting revision to the record's conflicts file; returns the file's path. */
export async function recordConflict(place: RecordPlace, revision: ConflictRevision): Promise<string> {
  const key = conflictKey(place.rel);
  const file = join(place.storeDir, CONFLICTS, `${key}.json`);
  await serializeOnPath(file, async () => {
    const before = await readFile(file, 'utf8').then(
      (t) => JSON.parse(t) as unknown,
      () => null,
    );
    const earlier = isConflicts(before) ? before.revisions : [];
    const record: RecordConflicts = {
      key,
      file: place.rel,
      storyId: place.storyId,
      sprintId: place.sprintId,
      revisions: [...earlier, revision].slice(-MAX_CONFLICT_REVISIONS),
    };
    await writeFileAtomicNow(file, recordText(record));
  });
  return file;
}

/** Every readable conflicts file of a store, by record path. */
export async function listConflicts(storeDir: string): Promise<RecordConflicts[]> {
  const dir = join(storeDir, CONFLICTS);
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: RecordConflicts[] = [];
  for (const name of names
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .slice(0, MAX_CONFLICT_FILES)) {
    const value = await readFile(join(dir, name), 'utf8').then(
      (t) => JSON.parse(t) as unknown,
      () => null,
    );
    if (isConflicts(value)) out.push(value);
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}
