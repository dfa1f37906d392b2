/**
 * One JSON file per key under a folder (`<dir>/<key>.json`), read lazily and cached: the plans store has a
 * handful of files per sprint, so there is no reason to load every sprint's plan when the project opens.
 * Same durability rules as RecordStore: atomic writes, and a file that fails its check is kept aside.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readJsonOrQuarantine, writeFileAtomic } from '../core/atomicFile';
import type { Logger } from '../core/logger';
import { isRecordId } from '../store/recordStore';

export class JsonFiles<T> {
  private readonly cache = new Map<string, T | null>();

  constructor(
    readonly dir: string,
    private readonly check: (value: unknown, key: string) => string | null,
    private readonly log?: Logger,
  ) {}

  /** undefined when the file does not exist or was unreadable (then it was kept aside and logged). */
  async get(key: string): Promise<T | undefined> {
    if (!isRecordId(key)) return undefined;
    if (this.cache.has(key)) return this.cache.get(key) ?? undefined;
    const file = join(this.dir, `${key}.json`);
    const read = await readJsonOrQuarantine<T>(file, (v) => this.check(v, key));
    if (read.kind === 'corrupt')
      this.log?.error(`${file} could not be read (${read.reason}); it was kept aside as ${read.keptAs}.`);
    const value = read.kind === 'ok' ? read.value : null;
    // Only cache what exists: a missing file may be written by another face (headless CLI) later.
    if (value !== null) this.cache.set(key, value);
    return value ?? undefined;
  }

  async put(key: string, value: T): Promise<T> {
    if (!isRecordId(key)) throw new Error(`Invalid key ${JSON.stringify(key)}`);
    const problem = this.check(value, key);
    if (problem) throw new Error(`Refused to save an invalid ${this.dir}/${key}.json: ${problem}`);
    await writeFileAtomic(join(this.dir, `${key}.json`), JSON.stringify(value, null, 2) + '\n');
    this.cache.set(key, value);
    return value;
  }

  /** Every readable file of the folder (e.g. the RIS of one sprint). */
  async list(): Promise<T[]> {
    const names = await readdir(this.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    const keys = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5));
    const values = await Promise.all(keys.filter(isRecordId).map((k) => this.get(k)));
    return values.filter((v): v is Awaited<T> => v !== undefined) as T[];
  }
}
