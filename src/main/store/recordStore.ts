import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readJsonOrQuarantine, removeFile, writeFileAtomic } from '../core/atomicFile';

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Record ids become file names: only safe characters, never a path. */
export function isRecordId(id: string): boolean {
  return ID.test(id);
}

export interface RecordProblem {
  file: string;
  keptAs: string;
  reason: string;
}

/**
 * A folder of human-readable JSON records, one file per record (`<dir>/<id>.json`): saving one record
 * writes one file, whatever the folder holds. Loaded once into memory; every write is atomic.
 * A file that fails to parse or to pass `check` is kept aside and reported, never overwritten.
 */
export class RecordStore<T extends { id: string }> {
  private cache: Map<string, T> | null = null;
  private loading: Promise<Map<string, T>> | null = null;
  readonly problems: RecordProblem[] = [];

  constructor(
    readonly dir: string,
    private readonly check: (value: unknown) => string | null,
  ) {}

  private async load(): Promise<Map<string, T>> {
    if (this.cache) return this.cache;
    this.loading ??= (async () => {
      const map = new Map<string, T>();
      const names = await readdir(this.dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [] as string[];
        throw err;
      });
      const files = names.filter((n) => n.endsWith('.json') && isRecordId(n.slice(0, -5)));
      // Bounded parallelism: thousands of small files read fast without exhausting file handles.
      for (let i = 0; i < files.length; i += 64) {
        await Promise.all(
          files.slice(i, i + 64).map(async (name) => {
            const id = name.slice(0, -5);
            const read = await readJsonOrQuarantine<T>(join(this.dir, name), (v) => {
              const problem = this.check(v);
              if (problem) return problem;
              return (v as { id?: unknown }).id === id ? null : `its id does not match the file name ${name}`;
            });
            if (read.kind === 'ok') map.set(id, read.value);
            else if (read.kind === 'corrupt')
              this.problems.push({ file: name, keptAs: read.keptAs, reason: read.reason });
          }),
        );
      }
      this.cache = map;
      return map;
    })();
    return this.loading;
  }

  async list(): Promise<T[]> {
    return [...(await this.load()).values()];
  }

  async get(id: string): Promise<T | undefined> {
    return (await this.load()).get(id);
  }

  async put(record: T): Promise<T> {
    if (!isRecordId(record.id)) throw new Error(`Invalid record id ${JSON.stringify(record.id)}`);
    const problem = this.check(record);
    if (problem) throw new Error(`Refused to save an invalid record ${record.id}: ${problem}`);
    const map = await this.load();
    await writeFileAtomic(join(this.dir, `${record.id}.json`), JSON.stringify(record, null, 2) + '\n');
    map.set(record.id, record);
    return record;
  }

  async remove(id: string): Promise<boolean> {
    if (!isRecordId(id)) return false;
    const map = await this.load();
    if (!map.has(id)) return false;
    await removeFile(join(this.dir, `${id}.json`));
    map.delete(id);
    return true;
  }
}
