// The per-run cache shared by every assertion of one evaluation: each file is read and parsed at most once.
import { open, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ts from 'typescript';
import { AssertionEvalError } from './errors';
import { isGlob, globToRegExp } from './glob';
import { BoundedRegex } from './regex';
import { DEFAULT_SKIP_DIRS, normalizeTarget, resolveLiteral, walkProject, type FileEntry } from './paths';
import { definedSelectors, type DefinedSelector } from './styleRules';

export interface EvaluateOptions {
  /** Files larger than this are never read whole: no AST, no regex; literal search streams. Default 4 MiB. */
  maxParseBytes?: number;
  /** Wall-clock bound on one user regex search. Default 1000 ms. */
  regexTimeoutMs?: number;
  /** Folder names a glob walk skips. Default node_modules, .git, .puffin. */
  skipDirs?: string[];
}

export interface ResolvedTarget {
  glob: boolean;
  /** The normalised target. */
  target: string;
  /** Literal target: zero (missing) or one entry, any kind. Glob: the matching files. */
  entries: FileEntry[];
}

const CODE_KINDS: Record<string, ts.ScriptKind> = {
  '.ts': ts.ScriptKind.TS,
  '.mts': ts.ScriptKind.TS,
  '.cts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.js': ts.ScriptKind.JS,
  '.mjs': ts.ScriptKind.JS,
  '.cjs': ts.ScriptKind.JS,
  '.jsx': ts.ScriptKind.JSX,
};

export function isCodeFile(rel: string): boolean {
  return path.extname(rel).toLowerCase() in CODE_KINDS;
}

const BINARY_SNIFF_BYTES = 8192;
const PREFETCH_CONCURRENCY = 16;

interface FileContent {
  binary: boolean;
  /** Null for binary files and files over the size limit. */
  text: string | null;
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`;
}

/** Runs `job` over `items` with at most PREFETCH_CONCURRENCY at once, ignoring failures. */
async function pool<T>(items: readonly T[], job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await job(items[next++]!).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: Math.min(PREFETCH_CONCURRENCY, items.length) }, worker));
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let hit = cache.get(key);
  if (!hit) {
    hit = make();
    cache.set(key, hit);
  }
  return hit;
}

export class EvaluationContext {
  readonly maxParseBytes: number;
  readonly regexTimeoutMs: number;
  readonly regex: BoundedRegex;
  private readonly skipDirs: string[];
  /** Counts real reads and parses per file, so tests can check the at-most-once rule. */
  readonly parseCounts = new Map<string, number>();
  /** Time spent inside ts.createSourceFile this run (for the benchmark's cost-per-parse figure). */
  tsParseMs = 0;
  private readonly contents = new Map<string, Promise<FileContent>>();
  private readonly literals = new Map<string, Promise<FileEntry | null>>();
  private readonly sources = new Map<string, Promise<ts.SourceFile>>();
  private readonly sheets = new Map<string, Promise<DefinedSelector[]>>();
  private readonly jsons = new Map<string, Promise<ts.JsonSourceFile>>();
  private files: Promise<FileEntry[]> | undefined;
  /** Per file (real path): facts an evaluator derived from its parse, by the evaluator's key. */
  private readonly derived = new Map<string, Map<string, unknown>>();

  private constructor(
    /** The project folder as given (absolute). */
    readonly root: string,
    /** Its real path: the boundary every target must stay inside. */
    readonly realRoot: string,
    options: EvaluateOptions,
  ) {
    this.maxParseBytes = options.maxParseBytes ?? 4 * 1024 * 1024;
    this.regexTimeoutMs = options.regexTimeoutMs ?? 1000;
    this.skipDirs = options.skipDirs ?? DEFAULT_SKIP_DIRS;
    this.regex = new BoundedRegex(this.regexTimeoutMs);
  }

  static async create(projectDir: string, options: EvaluateOptions = {}): Promise<EvaluationContext> {
    const root = path.resolve(projectDir);
    const real = await realpath(root);
    if (!(await stat(real)).isDirectory()) throw new Error(`project "${projectDir}" is not a directory`);
    return new EvaluationContext(root, real, options);
  }

  private count(kind: string, abs: string): void {
    const key = `${kind}:${abs}`;
    this.parseCounts.set(key, (this.parseCounts.get(key) ?? 0) + 1);
  }

  allFiles(): Promise<FileEntry[]> {
    this.files ??= walkProject(this.realRoot, this.skipDirs);
    return this.files;
  }

  async resolveTarget(target: string): Promise<ResolvedTarget> {
    const normal = normalizeTarget(target);
    if (!isGlob(normal)) {
      const entry = await memo(this.literals, normal, () => resolveLiteral(this.root, this.realRoot, normal));
      return { glob: false, target: normal, entries: entry ? [entry] : [] };
    }
    const re = globToRegExp(normal);
    const entries = (await this.allFiles()).filter((f) => re.test(f.rel));
    return { glob: true, target: normal, entries };
  }

  /**
   * One read per file: a file within the size limit is read whole (binary check and text from the same bytes);
   * a larger one only has its first 8 KiB sniffed, so it is never held in memory.
   */
  private content(entry: FileEntry): Promise<FileContent> {
    return memo(this.contents, entry.abs, async () => {
      if (entry.size > this.maxParseBytes) {
        const handle = await open(entry.abs, 'r');
        try {
          const buf = Buffer.alloc(BINARY_SNIFF_BYTES);
          const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
          return { binary: buf.subarray(0, bytesRead).includes(0), text: null };
        } finally {
          await handle.close();
        }
      }
      this.count('read', entry.abs);
      const buf = await readFile(entry.abs);
      const binary = buf.subarray(0, BINARY_SNIFF_BYTES).includes(0);
      return { binary, text: binary ? null : buf.toString('utf8') };
    });
  }

  /** Loads many files with bounded concurrency (glob targets): I/O overlaps without exhausting file descriptors. */
  prefetch(entries: readonly FileEntry[]): Promise<void> {
    // A failure is memoized and surfaces, with its message, when the file is actually used.
    return pool(entries, (e) => this.content(e).then(() => undefined));
  }

  /**
   * Resolves and loads the literal targets of a whole run up front, in parallel, so the sequential evaluation that
   * follows finds them in the cache. Refused or missing targets are left for their assertion to report.
   */
  warm(targets: readonly string[]): Promise<void> {
    const literal = [...new Set(targets)].filter((t) => typeof t === 'string' && !isGlob(t));
    return pool(literal, async (t) => {
      const entry = (await this.resolveTarget(t)).entries[0];
      if (entry?.kind === 'file') await this.content(entry);
    });
  }

  /** A NUL byte in the first 8 KiB marks a file as binary (the heuristic git uses). */
  async isBinary(entry: FileEntry): Promise<boolean> {
    return (await this.content(entry)).binary;
  }

  /** Refuses binary and oversized files before anything reads them whole. */
  async assertReadable(entry: FileEntry, purpose: string): Promise<void> {
    if (entry.kind !== 'file') throw new AssertionEvalError(`"${entry.rel}" is a ${entry.kind}, not a file`);
    if (entry.size > this.maxParseBytes) {
      throw new AssertionEvalError(
        `file too large for ${purpose}: "${entry.rel}" is ${formatBytes(entry.size)} (limit ${formatBytes(this.maxParseBytes)})`,
      );
    }
    if (await this.isBinary(entry)) {
      throw new AssertionEvalError(`"${entry.rel}" is a binary file (NUL byte in the first 8 KB)`);
    }
  }

  /** The text of a file that passed `assertReadable` (within the size limit, not binary). */
  async readText(entry: FileEntry): Promise<string> {
    const { text } = await this.content(entry);
    if (text === null)
      throw new AssertionEvalError(`"${entry.rel}" cannot be read as text (binary or too large)`);
    return text;
  }

  /** The TypeScript AST of a .ts/.tsx/.js/.jsx/.mjs/.cjs file (parents not set; pass the file to getStart). */
  sourceFile(entry: FileEntry): Promise<ts.SourceFile> {
    return memo(this.sources, entry.abs, async () => {
      const kind = CODE_KINDS[path.extname(entry.rel).toLowerCase()];
      if (kind === undefined)
        throw new AssertionEvalError(`"${entry.rel}" is not a TypeScript/JavaScript file`);
      await this.assertReadable(entry, 'structural parsing');
      const text = await this.readText(entry);
      this.count('ts', entry.abs);
      const start = performance.now();
      const sf = ts.createSourceFile(entry.rel, text, ts.ScriptTarget.Latest, false, kind);
      this.tsParseMs += performance.now() - start;
      return sf;
    });
  }

  /** The selectors a stylesheet defines, CSS nesting resolved (see styleRules.ts). */
  stylesheet(entry: FileEntry): Promise<DefinedSelector[]> {
    return memo(this.sheets, entry.abs, async () => {
      await this.assertReadable(entry, 'structural parsing');
      const text = await this.readText(entry);
      this.count('css', entry.abs);
      return definedSelectors(text);
    });
  }

  /** JSON through TypeScript's JSON parser: tolerates comments (tsconfig) and gives node positions. */
  jsonFile(entry: FileEntry): Promise<ts.JsonSourceFile> {
    return memo(this.jsons, entry.abs, async () => {
      await this.assertReadable(entry, 'structural parsing');
      const text = await this.readText(entry);
      this.count('json', entry.abs);
      return ts.parseJsonText(entry.rel, text);
    });
  }

  /**
   * What `make` derives from one file's parse (its exports, its ipcMain calls), computed once per file content: a
   * glob assertion evaluated again by the project watch then re-derives only the files that changed.
   */
  perFile<T>(key: string, entry: FileEntry, make: () => T): T {
    let facts = this.derived.get(entry.abs);
    if (!facts) this.derived.set(entry.abs, (facts = new Map()));
    if (!facts.has(key)) facts.set(key, make());
    return facts.get(key) as T;
  }

  /**
   * Drops what the cache holds for paths that changed (relative), so a long-lived context (the project watch) reads
   * again only those: contents and parses, literal resolutions, and their place in the file list globs match
   * against. The list is patched for changed files; a changed folder (created, renamed, removed) is walked again.
   */
  async forget(rels: readonly string[]): Promise<void> {
    const changed = [...new Set(rels.map((r) => r.split(path.sep).join('/')))];
    const listed = this.files ? await this.files.catch(() => null) : null;
    const within = (rel: string, c: string) => rel === c || rel.startsWith(`${c}/`);
    const stale = new Set(changed.map((c) => path.join(this.realRoot, c)));
    for (const f of listed ?? []) if (changed.some((c) => within(f.rel, c))) stale.add(f.abs);
    for (const [key, entry] of this.literals) {
      if (!changed.some((c) => within(key, c))) continue;
      const resolved = await entry.catch(() => null);
      if (resolved) stale.add(resolved.abs);
      this.literals.delete(key);
    }
    for (const abs of stale)
      for (const cache of [this.contents, this.sources, this.sheets, this.jsons, this.derived])
        cache.delete(abs);
    if (!listed) return;
    const fresh = await Promise.all(
      changed.map((c) => resolveLiteral(this.root, this.realRoot, c).catch(() => null)),
    );
    const folder =
      fresh.some((e) => e?.kind === 'directory') ||
      listed.some((f) => changed.some((c) => f.rel.startsWith(`${c}/`)));
    if (folder) {
      this.files = undefined;
      return;
    }
    const skipped = (rel: string) => rel.split('/').some((seg) => this.skipDirs.includes(seg));
    const added = fresh.filter((e): e is FileEntry => e !== null && e.kind === 'file' && !skipped(e.rel));
    const kept = listed.filter((f) => !changed.includes(f.rel));
    this.files = Promise.resolve(
      [...kept, ...added].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0)),
    );
  }
}
