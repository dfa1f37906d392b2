/**
 * The backlog's local index (storyIndexFile.ts): the order, status, title and search text of every story, so
 * listing a page, counting, filtering by status and searching cost the same with 200 stories or 100,000. It is
 * checked against the stories folder's modification time before every use (one stat) and rebuilt from the record
 * files when missing, stale or unreadable; the stories of a page are always read from their own files.
 */
import type { Story } from '../../shared/stories';
import { serializeOnPath } from '../base/atomicFile';
import type { Logger } from '../base/logger';
import type { RecordFolder } from './recordFolder';
import { IndexDamaged, type SnapshotColumns } from './storyIndexColumns';
import {
  entryOf,
  entryOfRow,
  folderTime,
  rowOf,
  StoryIndexFile,
  type IndexLogLine,
  type StoryIndexEntry,
  type StorySummary,
} from './storyIndexFile';
import { entriesView, type IndexView } from './storyIndexView';
import { sweepTemps } from './tempSweep';

export type { IndexView } from './storyIndexView';

/** Record files read at once while rebuilding. */
const BATCH = 64;

/** The index as this process holds it: the snapshot on disk as loaded, or (once changed) one entry per story. */
interface State {
  mtime: number;
  columns?: SnapshotColumns;
  byId?: Map<string, StoryIndexEntry>;
  sorted?: StoryIndexEntry[] | null;
}

const byCreation = (a: StoryIndexEntry, b: StoryIndexEntry) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export class StoryIndex {
  private readonly file: StoryIndexFile;
  private state: State | null = null;
  private loading: Promise<State> | null = null;

  constructor(
    storeDir: string,
    private readonly records: RecordFolder<Story>,
    private readonly log?: Logger,
  ) {
    this.file = new StoryIndexFile(storeDir);
  }

  /** The index made current (loaded, or rebuilt when missing or stale) without reading any of its columns. */
  async ready(): Promise<void> {
    await this.fresh();
  }

  /** Every story's id, title, status and dates, oldest first (the backlog's order), as the folder is now. */
  entries(): Promise<readonly StorySummary[]> {
    return this.current(async (state) => (state.columns ? state.columns.summaries() : sortedOf(state)));
  }

  /**
   * Reads the backlog as a page does: from the snapshot's column files when nothing changed since it was taken,
   * without an entry per story.
   */
  read<T>(use: (view: IndexView) => Promise<T>): Promise<T> {
    return this.current(async (state) => use(state.columns ?? entriesView(await sortedOf(state))));
  }

  /**
   * Runs `use` on the current state. A column file found damaged (or replaced by another process's new snapshot
   * meanwhile) is loaded again, and the index rebuilt only when it still is.
   */
  private async current<T>(use: (state: State) => Promise<T>): Promise<T> {
    for (let tries = 0; tries < 2; tries++) {
      try {
        return await use(await this.fresh());
      } catch (err) {
        if (!(err instanceof IndexDamaged)) throw err;
        this.state = null;
      }
    }
    this.state = await this.rebuild(await folderTime(this.records.dir));
    return use(this.state);
  }

  /**
   * Runs a write of record files and keeps the index current. Every face's writes take turns on the index's lock
   * (across processes), so the folder's time before and after a write brackets that write alone: the change is
   * applied and logged only when the index described the folder just before it; otherwise the next use rebuilds it.
   */
  async change<T>(
    write: () => Promise<T>,
    after: (result: T) => { put: Story[]; del: string[] },
  ): Promise<T> {
    if (
      !(await this.file.ensureDir().then(
        () => true,
        () => false,
      ))
    ) {
      this.state = null; // a store that cannot hold its cache (read-only): the write goes on without it
      return write();
    }
    return serializeOnPath(this.file.log, async () => {
      const state = await this.fresh().catch(() => null);
      const pre = await folderTime(this.records.dir);
      const result = await write();
      const { put, del } = after(result);
      const post = await folderTime(this.records.dir);
      if (put.length + del.length === 0 && post === pre) return result;
      if (!state || state !== this.state || state.mtime !== pre) {
        this.state = null;
        return result;
      }
      if (put.length + del.length > 0) {
        const byId = await mapOf(state).catch(() => null);
        if (!byId) {
          this.state = null;
          return result;
        }
        for (const id of del) byId.delete(id);
        for (const s of put) byId.set(s.id, entryOf(s));
        state.sorted = null;
      }
      state.mtime = post;
      // One line per file written, chained by folder time: the first carries pre, the last post. A change that
      // wrote no story (only the locks its reads took beside the records) still moves the chain on.
      const lines: Omit<IndexLogLine, 'pre' | 'post'>[] = [
        ...del.map((id) => ({ del: id })),
        ...put.map((s) => ({ put: rowOf(entryOf(s)) })),
      ];
      if (lines.length === 0) lines.push({});
      // The first stories of a store: there was no snapshot to log against, so this state becomes one.
      if (pre === 0) {
        await this.save(state);
        return result;
      }
      try {
        for (let i = 0; i < lines.length; i++)
          await this.file.append({ pre: i === 0 ? pre : post, post, ...lines[i]! });
      } catch (err) {
        this.log?.warn(
          `The backlog's local index could not be updated (${String(err)}); it will be rebuilt.`,
        );
      }
      return result;
    });
  }

  /** The state as the folder is now: kept, loaded from disk, or rebuilt from the record files. */
  private async fresh(): Promise<State> {
    const now = await folderTime(this.records.dir);
    if (this.state && this.state.mtime === now) return this.state;
    this.loading ??= this.load(now).finally(() => (this.loading = null));
    this.state = await this.loading;
    return this.state;
  }

  private async load(now: number): Promise<State> {
    if (now === 0) return { mtime: 0, byId: new Map(), sorted: [] };
    const read = await this.file.read();
    if (read && read.log.length === 0 && read.mtime === now) return { mtime: now, columns: read.columns };
    if (read) {
      // Writes since the snapshot: replayed if they chain up to the folder as it is now, then kept as a new
      // snapshot, so the next process reads columns again.
      const replayed = await replay(read.mtime, read.columns, read.log);
      if (replayed && replayed.mtime === now) {
        await this.save(replayed);
        return replayed;
      }
    }
    return this.rebuild(now);
  }

  /** Every record file read again (an unreadable one is kept aside and reported, as any read does). */
  private async rebuild(taken: number): Promise<State> {
    // Temp files of killed writes are swept here rather than at every open: such a write changed the folder
    // without logging it, so the index is rebuilt after it, and a large folder is listed only then.
    const swept = await sweepTemps(this.records.dir).catch((err: unknown) => {
      this.log?.warn(`Could not remove old temp files from the stories folder: ${String(err)}`);
      return [];
    });
    if (swept.length > 0)
      this.log?.info(
        `Removed ${swept.length} temp file(s) left in the stories folder by interrupted writes.`,
      );
    const before = swept.length > 0 ? await folderTime(this.records.dir) : taken;
    const keys = await this.records.keys();
    const byId = new Map<string, StoryIndexEntry>();
    for (let i = 0; i < keys.length; i += BATCH) {
      const read = await Promise.all(keys.slice(i, i + BATCH).map((k) => this.records.readUncached(k)));
      for (const s of read) if (s) byId.set(s.id, entryOf(s));
    }
    // The time taken before listing: a write during the rebuild leaves the index stale, never wrong.
    const state: State = { mtime: before, byId, sorted: null };
    await this.save(state);
    return state;
  }

  private async save(state: State): Promise<void> {
    await this.file.write(state.mtime, await sortedOf(state)).catch((err: unknown) => {
      this.log?.warn(`The backlog's local index could not be saved (${String(err)}); it will be rebuilt.`);
    });
  }
}

/** The state's entries by id, made from its columns the first time they are needed. */
async function mapOf(state: State): Promise<Map<string, StoryIndexEntry>> {
  if (!state.byId) {
    const entries = (await state.columns?.entries()) ?? [];
    state.byId ??= new Map(entries.map((e) => [e.id, e]));
    state.columns = undefined;
  }
  return state.byId;
}

async function sortedOf(state: State): Promise<StoryIndexEntry[]> {
  if (!state.sorted) {
    const byId = await mapOf(state);
    state.sorted = [...byId.values()].sort(byCreation);
  }
  return state.sorted;
}

/** The snapshot with the logged writes applied in order; null when one does not start where the last ended. */
async function replay(
  mtime: number,
  columns: SnapshotColumns,
  log: readonly IndexLogLine[],
): Promise<State | null> {
  try {
    const state: State = { mtime, columns };
    const byId = await mapOf(state);
    for (const line of log) {
      if (line.pre !== state.mtime || typeof line.post !== 'number') return null;
      state.mtime = line.post;
      if (typeof line.del === 'string') byId.delete(line.del);
      if (line.put) {
        const e = entryOfRow(line.put);
        if (!e) return null;
        byId.set(e.id, e);
      }
    }
    return state;
  } catch {
    return null;
  }
}
