/**
 * The repo map's cache on disk, one person's (under `.puffin/local/`), never the source of truth: each file's summary
 * with the key it was made from (entries.json), and the last rendered map with a fingerprint of every file's key
 * (rendered.json), so an unchanged project costs a listing and a small read. A file that is missing, unreadable, of
 * another format or the wrong shape reads as empty and the map is rebuilt. Written whole through a temp file and a
 * rename: two faces building at once each leave a complete file, the last one wins.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TEMP_SUFFIX } from '../../../base/atomicFile';
import { STORE_DIR } from '../../../../shared/project';
import type { RenderedMap } from './renderMap';

/** Bumped whenever what a summary holds or how a map renders changes: older caches are then rebuilt. */
export const MAP_CACHE_FORMAT = 1;

export interface CachedSummary {
  /** The key of the file it was made from (gitListing.ts). */
  key: string;
  size: number;
  exports?: string[];
  manifest?: string;
  /** Mapped by name and size only (the build's read budget ran out): read at the next build. */
  unread?: true;
}

export interface CachedMap extends RenderedMap {
  files: number;
  cut: null | 'files' | 'time';
}

export function repoMapCacheDir(root: string): string {
  return path.join(root, STORE_DIR, 'local', 'cache', 'repo-map');
}

const ENTRIES = 'entries.json';
const RENDERED = 'rendered.json';

/** A cache record of this format, or null (missing, unreadable, of another format). */
export async function readCacheJson(file: string): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    return record.format === MAP_CACHE_FORMAT ? record : null;
  } catch {
    return null;
  }
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function validSummary(v: unknown): v is CachedSummary {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.key === 'string' &&
    typeof s.size === 'number' &&
    (s.exports === undefined || isStrings(s.exports)) &&
    (s.manifest === undefined || typeof s.manifest === 'string') &&
    (s.unread === undefined || s.unread === true)
  );
}

/** Every cached summary by relative path; empty when there is no usable cache (any bad entry voids the file). */
export async function readEntries(dir: string): Promise<Map<string, CachedSummary>> {
  const record = await readCacheJson(path.join(dir, ENTRIES));
  const entries = record?.entries;
  if (typeof entries !== 'object' || entries === null) return new Map();
  const out = new Map<string, CachedSummary>();
  for (const [rel, summary] of Object.entries(entries)) {
    if (!validSummary(summary)) return new Map();
    out.set(rel, summary);
  }
  return out;
}

function validMap(v: unknown): v is CachedMap {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  return (
    typeof m.text === 'string' &&
    typeof m.tokens === 'number' &&
    typeof m.detail === 'string' &&
    typeof m.foldedFolders === 'number' &&
    typeof m.files === 'number' &&
    (m.cut === null || m.cut === 'files' || m.cut === 'time')
  );
}

/** The last rendered map when it was rendered from exactly `fingerprint`. */
export async function readRendered(dir: string, fingerprint: string): Promise<CachedMap | null> {
  const record = await readCacheJson(path.join(dir, RENDERED));
  if (!record || record.fingerprint !== fingerprint || !validMap(record.map)) return null;
  return record.map;
}

/** One hash of everything a rendered map follows from: the files and their keys, the budget, the bounds. */
export function fingerprint(
  parts: readonly string[],
  files: readonly { rel: string; key: string }[],
): string {
  const hash = createHash('sha256');
  hash.update(`${MAP_CACHE_FORMAT}\n${parts.join('\n')}\n`);
  for (const f of files) hash.update(`${f.rel}\u0000${f.key}\n`);
  return hash.digest('hex');
}

/**
 * Written whole through a temp file and a rename, as atomicFile.ts writes (its temp name, which the next start's
 * sweep knows), without its fsyncs: a cache torn by a power cut reads as corrupt and is rebuilt.
 */
async function writeFileAtomic(file: string, data: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.p${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`,
  );
  try {
    await writeFile(tmp, data);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Keeps the cache out of the user's `git status` (the local part of the store is never shared). */
async function ignoreLocal(root: string): Promise<void> {
  const file = path.join(root, STORE_DIR, 'local', '.gitignore');
  await writeFile(file, '*\n', { flag: 'wx' }).catch(() => undefined); // already there: left as the user has it
}

export async function writeEntries(root: string, entries: Map<string, CachedSummary>): Promise<void> {
  const dir = repoMapCacheDir(root);
  await writeFileAtomic(
    path.join(dir, ENTRIES),
    JSON.stringify({ format: MAP_CACHE_FORMAT, entries: Object.fromEntries(entries) }),
  );
  await ignoreLocal(root);
}

export async function writeRendered(root: string, print: string, map: CachedMap): Promise<void> {
  await writeFileAtomic(
    path.join(repoMapCacheDir(root), RENDERED),
    JSON.stringify({ format: MAP_CACHE_FORMAT, fingerprint: print, map }),
  );
}

/** One more record of the map's cache (`name` under its folder), stamped with the cache's format. */
export async function writeCacheJson(root: string, name: string, value: object): Promise<void> {
  await writeFileAtomic(
    path.join(repoMapCacheDir(root), name),
    JSON.stringify({ format: MAP_CACHE_FORMAT, ...value }),
  );
  await ignoreLocal(root);
}
