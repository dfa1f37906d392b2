/** Running store migrations (migrations.ts) against a store folder: read its records, apply what a step returns. */
import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { readJson, removeFile, writeFileAtomic } from '../core/atomicFile';
import type { Migration, StoreChanges, StoreFiles } from './migrations';
import { recordText } from './recordFile';

const META = 'store.json';

/** Every record file of a store that parses, by `/`-separated path relative to the store (store.json excluded). */
export async function readStoreFiles(dir: string): Promise<StoreFiles> {
  const names = (await readdir(dir, { recursive: true })).map((n) => n.split(sep).join('/'));
  const records = names.filter(
    (n) => n.endsWith('.json') && n !== META && !n.split('/').some((part) => part.startsWith('.')),
  );
  const files: Record<string, unknown> = {};
  for (const rel of records.sort()) {
    const read = await readJson(join(dir, ...rel.split('/')));
    if (read.kind === 'ok') files[rel] = read.value;
  }
  return files;
}

function inside(dir: string, rel: string): string {
  const parts = rel.split('/');
  if (rel === META || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\')))
    throw new Error(`A store migration may not touch ${JSON.stringify(rel)}.`);
  return join(dir, ...parts);
}

/** Writes (atomically) and removes what a migration step returned. */
export async function applyChanges(dir: string, changes: StoreChanges): Promise<void> {
  for (const [rel, value] of Object.entries(changes.write))
    await writeFileAtomic(inside(dir, rel), recordText(value));
  for (const rel of changes.remove) await removeFile(inside(dir, rel));
}

/** Runs one migration step over the store folder. */
export async function runMigration(dir: string, step: Migration): Promise<void> {
  await applyChanges(dir, step(await readStoreFiles(dir)));
}
