/**
 * The repo map of one project: a compact, deterministic summary (file tree with sizes, package manifests, TS/JS
 * exports) under a token budget, for engines that cannot call tools and to save the CLI turns. Incremental across
 * processes: each file's summary is cached on disk with the key it was made from (its git blob id, or its size and
 * modification time outside git or when changed in the working copy), so a build reads and parses only files that
 * changed; an unchanged project returns the last rendered map without reading any summary.
 */
import { gitListing, gitState, leftOut, stateKey, type ListedFile, type Listing } from './gitListing';
import { readGitStatus, type GitStatus } from './gitStatus';
import {
  fingerprint,
  readEntries,
  readRendered,
  repoMapCacheDir,
  writeEntries,
  writeRendered,
  type CachedMap,
  type CachedSummary,
} from './mapCache';
import { renderRepoMap, type MapFile, type MapManifest } from './renderMap';
import type { GroundingPolicy } from '../policy';
import { walkFiles, WALK_BOUNDS, type WalkBounds } from '../walkFiles';

export const DEFAULT_MAP_BUDGET_TOKENS = 6000;
/** Source bytes one build reads at most; files past it are mapped by name and size only. */
export const MAX_BUILD_READ_BYTES = 64 * 1024 * 1024;

/** What a build is doing, for a face to show while a first (cold) build runs. */
export interface MapProgress {
  phase: 'listing' | 'reading';
  /** Files read so far and to read in all (reading). */
  done: number;
  total: number;
}

export interface RepoMapOptions {
  budgetTokens?: number;
  /** Files the policy refuses (secrets, git-ignored) are left out of the map too. */
  policy?: Pick<GroundingPolicy, 'classify'>;
  /**
   * Equal whenever the policy's inputs are (loadKeyedGroundingPolicy): with it, an unchanged git work tree is
   * recognised from `git status` and git's index file alone, without listing its tracked files.
   */
  policyKey?: string;
  /** `git status`, when the caller read it already (for the policy); undefined: read here. */
  gitStatus?: GitStatus | null;
  /** Stops the build between batches of files (it then rejects with the signal's reason). */
  signal?: AbortSignal;
  onProgress?: (p: MapProgress) => void;
}

export interface RepoMap extends CachedMap {
  /** Files read and parsed for this build (the rest came from the cache). */
  parsed: number;
}

async function walkListing(
  root: string,
  exclude: (rel: string) => boolean,
  bounds: WalkBounds,
): Promise<Listing> {
  const walk = await walkFiles(root, exclude, bounds);
  return {
    files: walk.files.map((f) => ({ rel: f.rel, key: `s:${f.size}:${f.mtimeMs}`, size: f.size })),
    cut: walk.cut,
  };
}

export class RepoMapBuilder {
  constructor(
    readonly root: string,
    private readonly maxReadBytes = MAX_BUILD_READ_BYTES,
    private readonly bounds: WalkBounds = WALK_BOUNDS,
  ) {}

  async build(options: RepoMapOptions = {}): Promise<RepoMap> {
    const budget = options.budgetTokens ?? DEFAULT_MAP_BUDGET_TOKENS;
    const { policy, policyKey, signal } = options;
    const dir = repoMapCacheDir(this.root);
    options.onProgress?.({ phase: 'listing', done: 0, total: 0 });
    const exclude = (rel: string) => (policy ? policy.classify(rel) !== null : false);
    const out = leftOut(exclude);
    const deadline = performance.now() + this.bounds.maxMs;
    const parts = [String(budget), String(this.maxReadBytes)];
    const status =
      options.gitStatus !== undefined
        ? options.gitStatus
        : await readGitStatus(this.root, deadline).catch(() => null);
    const state =
      status && (await gitState(this.root, status, out, this.bounds.maxFiles, deadline).catch(() => null));
    let print: string | null = null;
    if (state && (policyKey !== undefined || !policy)) {
      print = fingerprint([...parts, 'git', policyKey ?? '', stateKey(state)], []);
      const last = await readRendered(dir, print);
      if (last) return { ...last, parsed: 0 };
    }
    const listing =
      (state && (await gitListing(this.root, state, out, this.bounds, deadline).catch(() => null))) ??
      (await walkListing(this.root, exclude, this.bounds));
    signal?.throwIfAborted();
    if (print === null) {
      print = fingerprint([...parts, String(listing.cut)], listing.files);
      const last = await readRendered(dir, print);
      if (last) return { ...last, parsed: 0 };
    }

    const cached = await readEntries(dir);
    const stale: ListedFile[] = [];
    for (const f of listing.files) {
      const known = cached.get(f.rel);
      if (!known || known.key !== f.key || known.unread) stale.push(f);
    }
    let fresh: (CachedSummary | null)[] = [];
    if (stale.length > 0) {
      // Loaded by the first build that reads a file: it brings in TypeScript's parser.
      const { summariseAll } = await import('./summarise');
      fresh = await summariseAll(this.root, stale, {
        maxReadBytes: this.maxReadBytes,
        ...(signal ? { signal } : {}),
        onProgress: (done, total) => options.onProgress?.({ phase: 'reading', done, total }),
      });
    }
    const updated = new Map<string, CachedSummary>();
    for (const f of listing.files) {
      const summary = cached.get(f.rel);
      if (summary && summary.key === f.key && !summary.unread) updated.set(f.rel, summary);
    }
    stale.forEach((f, i) => {
      const summary = fresh[i];
      if (summary) updated.set(f.rel, summary);
    });

    const files: MapFile[] = [];
    const manifests: MapManifest[] = [];
    let unread = false;
    for (const f of listing.files) {
      const s = updated.get(f.rel);
      if (!s) continue; // gone since it was listed
      if (s.unread) unread = true;
      files.push({ rel: f.rel, size: s.size, ...(s.exports ? { exports: s.exports } : {}) });
      if (s.manifest) manifests.push({ rel: f.rel, summary: s.manifest });
    }
    const map: CachedMap = {
      ...renderRepoMap(files, manifests, budget),
      files: files.length,
      cut: listing.cut,
    };
    // The cache only saves work: a project Puffin may not write still gets its map.
    if (stale.length > 0 || updated.size !== cached.size)
      await writeEntries(this.root, updated).catch(() => undefined);
    // A map missing some files' exports, or cut by the clock, is not kept as final: the next build reads them.
    if (!unread && listing.cut !== 'time') await writeRendered(this.root, print, map).catch(() => undefined);
    return { ...map, parsed: stale.length };
  }
}
