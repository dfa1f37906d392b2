import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isId } from '../../shared/ids';
import type { Generation } from '../../shared/stories';
import { writeFileAtomic } from '../core/atomicFile';
import { FOLDERS } from './folders';
import type { StoreContext } from './recordFile';
import { RecordFolder } from './recordFolder';
import { ownerAlive } from './runOwner';

/**
 * Prompt history: `history/<id>.json` per generation (small, rewritten when its title arrives) and
 * `history/<id>.raw.jsonl`, the raw CLI lines (one per line), written once when the generation ends.
 */
export class HistoryRepo {
  readonly records: RecordFolder<Generation>;

  constructor(store: string | StoreContext) {
    this.records = new RecordFolder<Generation>(
      typeof store === 'string' ? { dir: store } : store,
      FOLDERS.history,
    );
  }

  /** Newest first. */
  async list(): Promise<Generation[]> {
    const all = await this.records.list();
    return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  get(id: string): Promise<Generation | undefined> {
    return this.records.get(id);
  }

  put(generation: Generation): Promise<Generation> {
    return this.records.put(generation);
  }

  /** The raw lines as text: pieces (strings, UTF-8 bytes) whose concatenation is lines each ended by LF. */
  async writeRawText(id: string, text: readonly (string | Uint8Array)[]): Promise<void> {
    if (!isId(id)) throw new Error(`Invalid generation id ${JSON.stringify(id)}`);
    await writeFileAtomic(this.rawPath(id), text);
  }

  async rawLines(id: string): Promise<string[]> {
    if (!isId(id)) return [];
    const text = await readFile(this.rawPath(id), 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return '';
      throw err;
    });
    return text.split('\n').filter((l) => l !== '');
  }

  /**
   * A record still `running` when the store opens belongs to a run that ended with its Puffin (crash, kill):
   * it is marked failed so the history does not show it spinning forever. A run whose owner is alive (another
   * Puffin on this project, or this one) is left to it.
   */
  async markInterrupted(now = new Date(), alive = ownerAlive): Promise<Generation[]> {
    const stale = (await this.records.list()).filter((g) => g.status === 'running' && !alive(g.owner));
    return Promise.all(
      stale.map((g) =>
        this.records.put({
          ...g,
          status: 'failed',
          finishedAt: now.toISOString(),
          error: { code: 'interrupted', message: 'Puffin stopped while this generation was running.' },
        }),
      ),
    );
  }

  private rawPath(id: string): string {
    return join(this.records.dir, `${id}.raw.jsonl`);
  }
}
