import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { STORE_DIR, type StoreState } from '../../shared/project';
import type { StoreMeta } from '../../shared/schema-types';
import { writeFileAtomic } from '../base/atomicFile';
import { runMigration } from './migrate';
import { ensureStoreIgnore } from './storeIgnore';
import { MIGRATIONS, type Migration } from './migrations';
import { checkedText, readRecord } from './recordFile';
import { recordCheck } from './recordSchemas';

export { STORE_DIR };

/**
 * The version of the store's layout and records. Version 2: every record is validated by its schema and holds its
 * key (version 1 stores are migrated when they open). Version 3: every call's meta names its engine (`provider`).
 * Version 4: what is one person's (history, the open review) sits under `local/`, out of git.
 */
export const STORE_VERSION = 4;

/** The store folder of a project. */
export function storeDirOf(projectDir: string): string {
  return join(projectDir, STORE_DIR);
}

const checkRecord = recordCheck('store-meta');

function checkMeta(v: unknown): string | null {
  const version = (v as { version?: unknown } | null)?.version;
  // A newer build may have changed the other fields: let openStore refuse it rather than quarantine it.
  if (Number.isInteger(version) && (version as number) > STORE_VERSION) return null;
  return checkRecord(v);
}

function tooNew(dir: string, version: number): Error {
  return Object.assign(
    new Error(
      `This project's store (${dir}) was written by a newer Puffin (store version ${version}); ` +
        `update Puffin to open it.`,
    ),
    { code: 'store_too_new' },
  );
}

const isDir = (path: string) =>
  stat(path).then(
    (s) => (s.isDirectory() ? 'folder' : 'file'),
    () => null,
  );

/**
 * Opens the store of a project and brings it to STORE_VERSION, one migration at a time, recording each version
 * reached. A store that does not exist is not created (the first saved record creates the folder and its
 * store.json: metaAtFirstSave). A store newer than this build is refused rather than silently downgraded. A store
 * folder without a readable store.json (never written, or unreadable and kept aside) is taken for the oldest
 * version: every migration runs (they are idempotent), so nothing of an old store is left unmigrated.
 */
export async function openStore(
  projectDir: string,
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
): Promise<StoreState> {
  const dir = storeDirOf(projectDir);
  const metaPath = join(dir, 'store.json');
  const kind = await isDir(dir);
  // A file where the folder should be cannot hold a store: say so now rather than at the first save.
  if (kind === 'file')
    throw new Error(`${dir} is a file, not a folder; move it away so Puffin can keep its data there.`);
  if (kind === null) return { dir, exists: false, version: STORE_VERSION, createdAt: null, quarantined: [] };
  const writeMeta = (m: StoreMeta) => writeFileAtomic(metaPath, checkedText('store.json', m, checkRecord));
  const read = await readRecord<StoreMeta>({ dir }, metaPath, checkMeta);
  const quarantined = read.problem ? [read.problem.keptAs] : [];
  let meta = read.value ?? { version: 1, createdAt: new Date().toISOString() };
  if (meta.version > STORE_VERSION) throw tooNew(dir, meta.version);
  const from = meta.version;
  while (meta.version < STORE_VERSION) {
    const step = migrations[meta.version];
    if (!step) throw new Error(`No migration from store version ${meta.version}.`);
    await runMigration(dir, step);
    meta = { ...meta, version: meta.version + 1 };
    await writeMeta(meta);
  }
  if (!read.value && from === STORE_VERSION) await writeMeta(meta); // only when there is no migration at all
  await ensureStoreIgnore(dir);
  return {
    dir,
    exists: true,
    version: meta.version,
    createdAt: meta.createdAt,
    quarantined,
    ...(read.value && from < STORE_VERSION ? { migratedFrom: from } : {}),
  };
}

/**
 * What a new store's first write awaits (StoreContext.beforeWrite): its store.json, written once, before any record,
 * so a store is never without its version (a store.json-less folder is taken for version 1 and migrated again).
 * A failed write is tried again at the next save. `onCreated` hears of the store it created (the app says so).
 */
export function metaAtFirstSave(dir: string, onCreated?: (meta: StoreMeta) => void): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => {
    done ??= (async () => {
      const metaPath = join(dir, 'store.json');
      if (
        await stat(metaPath).then(
          () => true,
          () => false,
        )
      )
        return;
      const meta: StoreMeta = { version: STORE_VERSION, createdAt: new Date().toISOString() };
      await writeFileAtomic(metaPath, checkedText('store.json', meta, checkRecord));
      await ensureStoreIgnore(dir);
      onCreated?.(meta);
    })().catch((err: unknown) => {
      done = null;
      throw err;
    });
    return done;
  };
}
