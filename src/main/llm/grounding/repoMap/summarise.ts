/**
 * One file's summary for the map: its size, and for a script its exports, for a manifest its one-line summary.
 * Loaded only when some file changed: it brings in TypeScript's parser, which an unchanged project never needs.
 */
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { exportedSymbols, isScript } from './exportedSymbols';
import { isManifest, summariseManifest } from './manifests';
import type { CachedSummary } from './mapCache';

const MAX_PARSE_BYTES = 512 * 1024;

/** Whether a file of this name and size is read and parsed for the map. */
export const readable = (rel: string, size: number): boolean =>
  (isScript(rel) || isManifest(rel)) && size <= MAX_PARSE_BYTES;

/**
 * `size` is known for a stat'ed file; a clean tracked file new to the cache is stat'ed here. `read` false: the
 * build's read budget is spent, the file is mapped by name and size and read next time. Null: the file is gone.
 */
export async function summarise(
  root: string,
  file: { rel: string; key: string; size?: number },
  read: boolean,
): Promise<CachedSummary | null> {
  const abs = path.join(root, file.rel);
  const size =
    file.size ??
    (await lstat(abs).then(
      (s) => s.size,
      () => null,
    ));
  if (size === null) return null;
  const summary: CachedSummary = { key: file.key, size };
  if (!readable(file.rel, size)) return summary;
  if (!read) return { ...summary, unread: true };
  const text = await readFile(abs, 'utf8').catch(() => null);
  if (text === null) return summary;
  if (isScript(file.rel)) summary.exports = exportedSymbols(file.rel, text);
  if (isManifest(file.rel)) {
    const line = summariseManifest(file.rel, text);
    if (line) summary.manifest = line;
  }
  return summary;
}

const READ_CONCURRENCY = 16;

export interface SummariseOptions {
  /** Source bytes read at most; files past it are mapped by name and size only. */
  maxReadBytes: number;
  signal?: AbortSignal;
  /** After each batch: files summarised so far, of `files.length`. */
  onProgress?: (done: number, total: number) => void;
}

/** Summaries of `files` in order (null: gone since listed), a batch at a time, stopping when `signal` aborts. */
export async function summariseAll(
  root: string,
  files: readonly { rel: string; key: string; size?: number }[],
  options: SummariseOptions,
): Promise<(CachedSummary | null)[]> {
  const out: (CachedSummary | null)[] = [];
  let readBytes = 0;
  for (let i = 0; i < files.length; i += READ_CONCURRENCY) {
    options.signal?.throwIfAborted();
    const read = readBytes <= options.maxReadBytes;
    const batch = files.slice(i, i + READ_CONCURRENCY);
    const done = await Promise.all(batch.map((f) => summarise(root, f, read)));
    done.forEach((s, j) => {
      if (s && read && readable(batch[j]!.rel, s.size)) readBytes += s.size;
    });
    out.push(...done);
    options.onProgress?.(out.length, files.length);
  }
  return out;
}
