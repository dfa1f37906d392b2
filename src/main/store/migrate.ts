/** Running store migrations (migrations.ts) against a store folder: read its records, apply what a step returns. */
import { mkdir, readdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readJson, removeFile, writeFileAtomic } from '../base/atomicFile';
import { LOCAL } from './folders';
import type { Migration, StoreChanges, StoreFiles } from './migrations';
import { recordText } from './recordFile';

const META = 'store.json';

/**
 * Every file of the store by `/`-separated path relative to it, except hidden ones and what is under `local/` (one
 * person's: worktrees there hold whole checkouts, which no migration reads).
 */
export async function storeFileNames(dir: string, under = ''): Promise<string[]> {
  const entries = await readdir(join(dir, ...under.split('/').filter(Boolean)), {
    withFileTypes: true,
  }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [];
    throw err;
  });
  const out: string[] = [];
  for (const e of entries) {
    const rel = under ? `${under}/${e.name}` : e.name;
    if (e.name.startsWith('.') || rel === LOCAL) continue;
    if (e.isDirectory()) out.push(...(await storeFileNames(dir, rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out.sort();
}

/** Every record file of a store that parses, by `/`-separated path relative to the store (store.json excluded). */
export async function readStoreFiles(dir: string, names?: readonly string[]): Promise<StoreFiles> {
  const records = (names ?? (await storeFileNames(dir))).filter((n) => n.endsWith('.json') && n !== META);
  const files: Record<string, unknown> = {};
  for (const rel of records) {
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

/** Writes (atomically), removes and moves (renames) what a migration step returned. */
export async function applyChanges(dir: string, changes: StoreChanges): Promise<void> {
  for (const [rel, value] of Object.entries(changes.write))
    await writeFileAtomic(inside(dir, rel), recordText(value));
  for (const rel of changes.remove) await removeFile(inside(dir, rel));
  for (const [from, to] of Object.entries(changes.move ?? {})) {
    const target = inside(dir, to);
    await mkdir(dirname(target), { recursive: true });
    // A file already moved by an interrupted run is not there any more: nothing to do for it.
    await rename(inside(dir, from), target).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

/** Runs one migration step over the store folder. */
export async function runMigration(dir: string, step: Migration): Promise<void> {
  const names = await storeFileNames(dir);
  await applyChanges(dir, step(await readStoreFiles(dir, names), names));
}
