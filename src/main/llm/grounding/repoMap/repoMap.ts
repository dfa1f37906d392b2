/**
 * The repo map of one project: a compact, deterministic summary (file tree with sizes, package manifests, TS/JS
 * exports) under a token budget, for engines that cannot call tools and to save the CLI turns. Each file's summary
 * is kept with the file's modification time and size, so a rebuild only reads and parses what changed (a walk of
 * the tree with one lstat per file finds out what that is).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GroundingPolicy } from '../policy';
import { exportedSymbols, isScript } from './exportedSymbols';
import { isManifest, summariseManifest } from './manifests';
import { walkFiles, type FileStat, type WalkResult } from '../walkFiles';
import { renderRepoMap, type MapFile, type MapManifest, type RenderedMap } from './renderMap';

export const DEFAULT_MAP_BUDGET_TOKENS = 6000;
const MAX_PARSE_BYTES = 512 * 1024;
const READ_CONCURRENCY = 16;
/** Source bytes one build reads at most; files past it are mapped by name and size only. */
export const MAX_BUILD_READ_BYTES = 64 * 1024 * 1024;

export interface RepoMapOptions {
  budgetTokens?: number;
  /** Files the policy refuses (secrets, git-ignored) are left out of the map too. */
  policy?: Pick<GroundingPolicy, 'classify'>;
}

export interface RepoMap extends RenderedMap {
  files: number;
  /** Files read and parsed for this build (the rest came from the cache). */
  parsed: number;
  /** Why the walk stopped before seeing every file (the map then covers only what it saw). */
  cut: WalkResult['cut'];
}

interface Summary {
  size: number;
  mtimeMs: number;
  exports?: string[];
  manifest?: string;
}

/** Whether a file is read and parsed for the map (a script or a manifest, not too large). */
const parsed = (stat: FileStat) =>
  (isScript(stat.rel) || isManifest(stat.rel)) && stat.size <= MAX_PARSE_BYTES;

async function summarise(root: string, stat: FileStat, read: boolean): Promise<Summary> {
  const summary: Summary = { size: stat.size, mtimeMs: stat.mtimeMs };
  const script = isScript(stat.rel);
  const manifest = isManifest(stat.rel);
  if (!read || !parsed(stat)) return summary;
  const text = await readFile(path.join(root, stat.rel), 'utf8').catch(() => null);
  if (text === null) return summary;
  if (script) summary.exports = exportedSymbols(stat.rel, text);
  if (manifest) {
    const line = summariseManifest(stat.rel, text);
    if (line) summary.manifest = line;
  }
  return summary;
}

export class RepoMapBuilder {
  private summaries = new Map<string, Summary>();
  private last: { key: string; map: RepoMap } | undefined;

  constructor(
    readonly root: string,
    private readonly maxReadBytes = MAX_BUILD_READ_BYTES,
  ) {}

  async build(options: RepoMapOptions = {}): Promise<RepoMap> {
    const budget = options.budgetTokens ?? DEFAULT_MAP_BUDGET_TOKENS;
    const policy = options.policy;
    const walk = await walkFiles(this.root, policy ? (rel) => policy.classify(rel) !== null : undefined);
    const stats = walk.files;
    const key = `${budget}\n${stats.map((s) => `${s.rel}\u0000${s.size}\u0000${s.mtimeMs}`).join('\n')}`;
    if (this.last?.key === key) return { ...this.last.map, parsed: 0 };

    const stale = stats.filter((s) => {
      const known = this.summaries.get(s.rel);
      return !known || known.mtimeMs !== s.mtimeMs || known.size !== s.size;
    });
    let readBytes = 0;
    for (let i = 0; i < stale.length; i += READ_CONCURRENCY) {
      const batch = stale.slice(i, i + READ_CONCURRENCY);
      const read = readBytes <= this.maxReadBytes;
      for (const s of batch) if (read && parsed(s)) readBytes += s.size;
      const done = await Promise.all(batch.map((s) => summarise(this.root, s, read)));
      batch.forEach((s, j) => this.summaries.set(s.rel, done[j]!));
    }
    const present = new Set(stats.map((s) => s.rel));
    for (const rel of this.summaries.keys()) if (!present.has(rel)) this.summaries.delete(rel);

    const files: MapFile[] = [];
    const manifests: MapManifest[] = [];
    for (const s of stats) {
      const summary = this.summaries.get(s.rel)!;
      files.push({ rel: s.rel, size: s.size, ...(summary.exports ? { exports: summary.exports } : {}) });
      if (summary.manifest) manifests.push({ rel: s.rel, summary: summary.manifest });
    }
    const map: RepoMap = {
      ...renderRepoMap(files, manifests, budget),
      files: files.length,
      parsed: stale.length,
      cut: walk.cut,
    };
    this.last = { key, map };
    return map;
  }
}
