import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { STORE_DIR, type StoreState } from '../../shared/project';
import { readJsonOrQuarantine, writeFileAtomic } from '../core/atomicFile';
import { recordCheck } from './recordSchemas';

export { STORE_DIR };
export const STORE_VERSION = 1;

interface StoreMetaFile {
  version: number;
  createdAt: string;
}

/** The store folder of a project. */
export function storeDirOf(projectDir: string): string {
  return join(projectDir, STORE_DIR);
}

/** Upgrades a store from version `from` to `from + 1`. Add one entry per new store version. */
export type Migration = (storeDir: string) => Promise<void>;
export const migrations: Record<number, Migration> = {};

const checkRecord = recordCheck('store-meta');

function checkMeta(v: unknown): string | null {
  const version = (v as { version?: unknown } | null)?.version;
  // A newer build may have changed the other fields: let openStore refuse it rather than quarantine it.
  if (Number.isInteger(version) && (version as number) > STORE_VERSION) return null;
  return checkRecord(v);
}

/**
 * Opens the `.puffin/` store of a project and brings it to STORE_VERSION. A store that does not exist is not
 * created (the first saved record creates the folder; its store.json is written at the next open). A store newer
 * than this build is refused rather than silently downgraded.
 */
export async function openStore(projectDir: string, runMigrations = migrations): Promise<StoreState> {
  const dir = storeDirOf(projectDir);
  const metaPath = join(dir, 'store.json');
  const existed = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!existed) {
    // A file where the folder should be cannot hold a store: say so now rather than at the first save.
    if (
      await stat(dir).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`${dir} is a file, not a folder; move it away so Puffin can keep its data there.`);
    return { dir, exists: false, version: STORE_VERSION, createdAt: null, quarantined: [] };
  }
  const quarantined: string[] = [];
  const read = await readJsonOrQuarantine<StoreMetaFile>(metaPath, checkMeta);
  let meta: StoreMetaFile;
  if (read.kind === 'ok') {
    meta = read.value;
  } else {
    if (read.kind === 'corrupt') quarantined.push(read.keptAs.slice(dir.length + 1));
    meta = { version: STORE_VERSION, createdAt: new Date().toISOString() };
    await writeFileAtomic(metaPath, JSON.stringify(meta, null, 2) + '\n');
  }
  if (meta.version > STORE_VERSION) {
    throw Object.assign(
      new Error(
        `This project's store (${dir}) was written by a newer Puffin (store version ${meta.version}); ` +
          `update Puffin to open it.`,
      ),
      { code: 'store_too_new' },
    );
  }
  while (meta.version < STORE_VERSION) {
    const step = runMigrations[meta.version];
    if (!step) throw new Error(`No migration from store version ${meta.version}.`);
    await step(dir);
    meta = { ...meta, version: meta.version + 1 };
    await writeFileAtomic(metaPath, JSON.stringify(meta, null, 2) + '\n');
  }
  return { dir, exists: true, version: meta.version, createdAt: meta.createdAt, quarantined };
}
