/**
 * The one keyed-JSON record store: a folder of `.puffin/` holding one record per file, `<key>.json`, where the key
 * is a field of the record (`id`, `sprintId`, `storyId`) and follows the one id rule. Saving a record writes one
 * file, atomically; a file that fails to parse or validate is kept aside and reported (see recordFile.ts).
 *
 * How a folder is read depends on its use (FolderSpec.loading):
 *   eager  every record is read at first use and kept in memory (history, sprints: listed all the time)
 *   lazy   a record is read when asked for and kept (the backlog, whose local index lists it; plans, questions,
 *          specs, RIS: a few files per sprint)
 *   fresh  read from disk at every access, never cached (assertion sets and results, which the headless
 *          `puffin assertions evaluate` may write while the app runs)
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ID_RULE, isId } from '../../shared/ids';
import type { StoreProblem } from '../../shared/project';
import { removeFile, serializeOnPath, writeFileAtomic, writeFileAtomicNow } from '../base/atomicFile';
import { checkedText, readRecord, type RecordCheck, type RecordRead, type StoreContext } from './recordFile';

export type Loading = 'eager' | 'lazy' | 'fresh';

export interface FolderSpec {
  /** The folder inside the store, `/`-separated (`stories`, `assertions/results`, `ris/<sprintId>`). */
  path: string;
  /** The record field that holds its key, i.e. its file name without `.json`. */
  key: string;
  loading: Loading;
  /** Validation of one record, on read and on write. */
  check: RecordCheck;
}

/** Files read at once while loading a folder: fast for thousands of files without exhausting file handles. */
const BATCH = 64;

async function inBatches<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += BATCH)
    out.push(...(await Promise.all(items.slice(i, i + BATCH).map(fn))));
  return out;
}

export class RecordFolder<T extends object> {
  readonly dir: string;
  /** Files kept aside since this folder was opened. */
  readonly problems: StoreProblem[] = [];
  private readonly cache = new Map<string, T>();
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly ctx: StoreContext,
    readonly spec: FolderSpec,
  ) {
    this.dir = join(ctx.dir, ...spec.path.split('/'));
  }

  /** The key of a record; throws when it has none or one that breaks the id rule. */
  keyOf(record: unknown): string {
    const key = (record as Record<string, unknown> | null)?.[this.spec.key];
    if (typeof key !== 'string' || !isId(key))
      throw new Error(
        `Invalid ${this.spec.key} ${JSON.stringify(key)} for ${this.spec.path}: use ${ID_RULE}.`,
      );
    return key;
  }

  async get(key: string): Promise<T | undefined> {
    if (!isId(key)) return undefined;
    if (this.spec.loading === 'eager') {
      await this.load();
      return this.cache.get(key);
    }
    if (this.cache.has(key)) return this.cache.get(key);
    return (await this.read(key)).value;
  }

  /** Every readable record (in no particular order). */
  async list(): Promise<T[]> {
    if (this.spec.loading === 'eager') {
      await this.load();
      return [...this.cache.values()];
    }
    // Listed from disk each time: another process (the headless CLI) may have added files.
    const values = await inBatches(await this.keys(), (k) => this.get(k));
    return values.filter((v): v is Awaited<T> => v !== undefined);
  }

  async put(record: T): Promise<T> {
    const key = this.keyOf(record);
    const text = this.textOf(key, record);
    await this.load();
    await this.ctx.beforeWrite?.();
    await writeFileAtomic(this.file(key), text);
    this.remember(key, record);
    return record;
  }

  /** False when there was no such record. */
  async remove(key: string): Promise<boolean> {
    if ((await this.get(key)) === undefined) return false;
    await removeFile(this.file(key));
    this.cache.delete(key);
    return true;
  }

  /**
   * Read-modify-write of one record, in the same per-file queue as every other write of that file, so two
   * updates never lose each other. The record is read again from disk inside the queue, never taken from the
   * cache: another face (the desktop app, the browser host, the headless CLI) may have changed or deleted it since
   * it was cached, and the cache is refreshed from what was read. `change` gets undefined when the record does not
   * exist or was unreadable (then it was kept aside: `problem` says where); it may throw to write nothing, and
   * handing back the very record it was given writes nothing either.
   */
  async update(
    key: string,
    change: (current: T | undefined) => T | Promise<T>,
  ): Promise<{ record: T } & RecordRead<T>> {
    const file = this.file(key);
    await this.load(); // before queueing: loading may need this file's queue to keep a corrupt file aside
    await this.ctx.beforeWrite?.();
    return serializeOnPath(file, async () => {
      const read = await this.read(key, true);
      const record = await change(read.value);
      const problem = read.problem ? { problem: read.problem } : {};
      if (record === read.value) return { record, ...problem };
      if (this.keyOf(record) !== key)
        throw new Error(`An update of ${this.spec.path}/${key}.json may not change its ${this.spec.key}.`);
      await writeFileAtomicNow(file, this.textOf(key, record));
      this.remember(key, record);
      return { record, ...problem };
    });
  }

  /**
   * The record as it is on disk now, read in its file's queue, and the cache refreshed from it: for a decision
   * that must not rest on a copy another face may have changed since (get keeps serving the cache).
   */
  async current(key: string): Promise<T | undefined> {
    if (!isId(key)) return undefined;
    await this.load();
    return serializeOnPath(this.file(key), async () => (await this.read(key, true)).value);
  }

  private file(key: string): string {
    if (!isId(key))
      throw new Error(`Invalid key ${JSON.stringify(key)} for ${this.spec.path}: use ${ID_RULE}.`);
    return join(this.dir, `${key}.json`);
  }

  private textOf(key: string, record: T): string {
    return checkedText(`${this.spec.path}/${key}.json`, record, this.spec.check);
  }

  private remember(key: string, record: T): void {
    if (this.spec.loading !== 'fresh') this.cache.set(key, record);
  }

  /** The record's schema, and its key matching its file name. */
  private checkOf(key: string, v: unknown): string | null {
    const problem = this.spec.check(v);
    if (problem) return problem;
    const own = (v as Record<string, unknown>)[this.spec.key];
    return own === undefined || own === key
      ? null
      : `its "${this.spec.key}" ${JSON.stringify(own)} does not match the file name ${key}.json`;
  }

  private async read(key: string, inQueue = false): Promise<RecordRead<T>> {
    const check: RecordCheck = (v) => this.checkOf(key, v);
    const read = await readRecord<T>(this.ctx, this.file(key), check, inQueue);
    if (read.problem) this.problems.push(read.problem);
    // Only what exists is cached: a missing file may be written later by another face (the headless CLI), and
    // one that went (deleted or kept aside) is forgotten.
    if (this.spec.loading !== 'fresh') {
      if (read.value !== undefined) this.cache.set(key, read.value);
      else this.cache.delete(key);
    }
    return read;
  }

  /**
   * One record read from disk and not kept (a scan of a large folder must not hold every record in memory); an
   * unreadable file is kept aside and reported as by every read.
   */
  async readUncached(key: string): Promise<T | undefined> {
    if (!isId(key)) return undefined;
    const read = await readRecord<T>(this.ctx, this.file(key), (v) => this.checkOf(key, v));
    if (read.problem) this.problems.push(read.problem);
    return read.value;
  }

  /** The keys of the files in the folder now, read from disk (unreadable files included). */
  async keys(): Promise<string[]> {
    const names = await readdir(this.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [] as string[];
      throw err;
    });
    return names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -'.json'.length))
      .filter(isId);
  }

  private load(): Promise<void> {
    if (this.spec.loading !== 'eager') return Promise.resolve();
    this.loaded ??= (async () => {
      const keys = await this.keys();
      await inBatches(keys, (key) => this.read(key));
    })();
    return this.loaded;
  }
}
