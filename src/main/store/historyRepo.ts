import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { isId } from '../../shared/ids';
import type { Generation } from '../../shared/stories';
import { SpoolFile } from '../base/spoolFile';
import { FOLDERS } from './folders';
import type { Logger } from '../base/logger';
import type { StoreContext } from './recordFile';
import { RecordFolder } from './recordFolder';
import { recoveredFromRawLines } from './recoveredResult';
import { ownerAlive } from './runOwner';

const PARTIAL_SUFFIX = '.partial';
/** The file name ending of a running (or killed) generation's raw lines. */
const PARTIAL = `.raw.jsonl${PARTIAL_SUFFIX}`;

/** Thrown inside an update to write nothing: the run was ended meanwhile. */
class AlreadyEnded extends Error {}

/**
 * Prompt history: `history/<id>.json` per generation (small, rewritten when its title arrives) and
 * `history/<id>.raw.jsonl`, the raw engine lines (one per line). Those are written as they come, to
 * `<id>.raw.jsonl.partial`, which becomes `<id>.raw.jsonl` when the generation ends; the lines of a running
 * generation, or of one a crash interrupted, are read from there.
 */
export class HistoryRepo {
  readonly records: RecordFolder<Generation>;
  private readonly log: Logger | undefined;
  private ended: Promise<void> | null = null;

  constructor(store: string | StoreContext) {
    const ctx = typeof store === 'string' ? { dir: store } : store;
    this.records = new RecordFolder<Generation>(ctx, FOLDERS.history);
    this.log = ctx.log;
  }

  /** Newest first. */
  async list(): Promise<Generation[]> {
    await this.settled();
    const all = await this.records.list();
    return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  async get(id: string): Promise<Generation | undefined> {
    await this.settled();
    return this.records.get(id);
  }

  /** The runs a stopped Puffin left `running`, ended once, before history is first read (markInterrupted). */
  private settled(): Promise<void> {
    return (this.ended ??= this.markInterrupted().then(
      (ended) => {
        if (ended.length > 0)
          this.log?.warn(
            `${ended.length} generation(s) were still running when Puffin stopped; ended (failed, or the result their CLI had printed).`,
          );
      },
      (err: unknown) => this.log?.warn(`Could not end the interrupted generations: ${String(err)}`),
    ));
  }

  put(generation: Generation): Promise<Generation> {
    return this.records.put(generation);
  }

  /** Where a generation's raw lines are written as they come (finish() makes them final). */
  openRawText(id: string): SpoolFile {
    if (!isId(id)) throw new Error(`Invalid generation id ${JSON.stringify(id)}`);
    return new SpoolFile(this.rawPath(id), this.partialRawPath(id));
  }

  async rawLines(id: string): Promise<string[]> {
    if (!isId(id)) return [];
    const text = (await readIfThere(this.rawPath(id))) ?? (await readIfThere(this.partialRawPath(id))) ?? '';
    return text.split('\n').filter((l) => l !== '');
  }

  /**
   * A record still `running` when the store opens belongs to a run that ended with its Puffin (crash, kill):
   * it is marked failed so the history does not show it spinning forever (or, when its raw lines hold the CLI's
   * result, becomes that result: recoveredResult.ts), and the raw lines it wrote before it stopped become its raw
   * lines. A run whose owner is alive (another Puffin on this project, or this one) is
   * left to it.
   */
  async markInterrupted(now = new Date(), alive = ownerAlive): Promise<Generation[]> {
    return this.endStale(await this.records.list(), now, alive);
  }

  /**
   * At open, without reading the whole history: only a run that wrote raw lines can hold a paid result, and its
   * lines are still in a `.partial` file, so those runs are ended now (their result and cost stored) and the
   * others when history is first read.
   */
  async endRunsWithLines(now = new Date(), alive = ownerAlive): Promise<Generation[]> {
    const names = await readdir(this.records.dir).catch(() => [] as string[]);
    const ids = names.filter((n) => n.endsWith(PARTIAL)).map((n) => n.slice(0, -PARTIAL.length));
    const records = await Promise.all(ids.filter(isId).map((id) => this.records.get(id)));
    return this.endStale(
      records.filter((g): g is Generation => g !== undefined),
      now,
      alive,
    );
  }

  private async endStale(records: Generation[], now: Date, alive: typeof ownerAlive): Promise<Generation[]> {
    const stale = records.filter((g) => g.status === 'running' && !alive(g.owner));
    const ended = await Promise.all(
      stale
        .map(async (g) => {
          // Not needed to read them (rawLines falls back to the partial file): a failure here changes nothing.
          await rename(this.partialRawPath(g.id), this.rawPath(g.id)).catch(() => undefined);
          const lines = await this.rawLines(g.id);
          // Decided again on the record on disk: another face opening the project may have ended it already.
          const { record } = await this.records.update(g.id, (current) => {
            if (!current || current.status !== 'running' || alive(current.owner)) throw new AlreadyEnded();
            return this.interrupted(current, lines, now);
          });
          return record;
        })
        .map((p) => p.catch((err: unknown) => (err instanceof AlreadyEnded ? null : Promise.reject(err)))),
    );
    return ended.filter((g): g is Generation => g !== null);
  }

  /** A run whose raw lines hold the CLI's result becomes that result (recoveredResult.ts); others failed. */
  private interrupted(g: Generation, lines: readonly string[], now: Date): Generation {
    const recovered = recoveredFromRawLines(g, lines, now.toISOString());
    if (recovered && !this.records.spec.check(recovered)) return recovered;
    if (recovered) {
      const { stories: _s, markdown: _m, ...withoutAnswer } = recovered;
      void _s;
      void _m;
      if (!this.records.spec.check(withoutAnswer)) return withoutAnswer;
    }
    const { owner: _owner, ...rest } = g;
    void _owner;
    return {
      ...rest,
      status: 'failed',
      finishedAt: now.toISOString(),
      error: { code: 'interrupted', message: 'Puffin stopped while this generation was running.' },
    };
  }

  private rawPath(id: string): string {
    return join(this.records.dir, `${id}.raw.jsonl`);
  }

  private partialRawPath(id: string): string {
    return `${this.rawPath(id)}${PARTIAL_SUFFIX}`;
  }
}

/** A file's text, or undefined when there is no such file. */
function readIfThere(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
}
