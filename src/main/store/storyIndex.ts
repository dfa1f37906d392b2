/**
 * The backlog's local index (storyIndexFile.ts): the order, status and title of every story, so listing a page,
 * counting and filtering by status cost the same with 200 stories or 100,000. It is checked against the stories
 * folder's modification time before every use (one stat) and rebuilt from the record files when missing, stale or
 * unreadable; the stories of a page are always read from their own files.
 */
import type { Story } from '../../shared/stories';
import { serializeOnPath } from '../base/atomicFile';
import type { Logger } from '../base/logger';
import type { RecordFolder } from './recordFolder';
import type { StoryStatus } from '../../shared/stories';
import { shortIdsAmong } from '../../shared/storyPage';
import { ColumnView } from './storyIndexColumns';
import {
  entryOf,
  entryOfRow,
  folderTime,
  rowOf,
  StoryIndexFile,
  type IndexLogLine,
  type StoryIndexEntry,
} from './storyIndexFile';

/** Record files read at once while rebuilding. */
const BATCH = 64;

/** The index as this process holds it: the snapshot's columns as loaded, or (once changed) one entry per story. */
interface State {
  mtime: number;
  columns?: ColumnView;
  byId?: Map<string, StoryIndexEntry>;
  sorted?: StoryIndexEntry[] | null;
}

/** What a page needs of the index. */
export interface IndexView {
  total: number;
  /** The ids with one of `statuses` (all when null), oldest first. */
  idsWith(statuses: ReadonlySet<StoryStatus> | null): readonly string[];
  /** The short id of each of `ids` among the whole backlog. */
  shortIds(ids: readonly string[]): Map<string, string>;
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

  /** Every story's entry, oldest first (the backlog's order), as the folder is now. */
  async entries(): Promise<readonly StoryIndexEntry[]> {
    const state = await this.fresh();
    try {
      return await sortedOf(state);
    } catch {
      // The snapshot's detail file is missing or of another snapshot: rebuilt like any damaged index.
      this.state = await this.rebuild(await folderTime(this.records.dir));
      return sortedOf(this.state);
    }
  }

  /** The backlog as a page reads it: from the loaded columns when nothing changed since, without an entry each. */
  async view(): Promise<IndexView> {
    const state = await this.fresh();
    const columns = state.columns;
    if (columns)
      return {
        total: columns.ids.length,
        idsWith: (statuses) => columns.idsWith(statuses),
        shortIds: (ids) => columns.shortIds(ids),
      };
    const sorted = await sortedOf(state);
    const all = sorted.map((e) => e.id);
    return {
      total: sorted.length,
      idsWith: (statuses) => (statuses ? sorted.filter((e) => statuses.has(e.status)).map((e) => e.id) : all),
      shortIds: (ids) => shortIdsAmong(ids, all),
    };
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
    if (read && read.log.length === 0 && read.mtime === now) {
      try {
        return { mtime: now, columns: new ColumnView(read.columns, read.detail) };
      } catch {
        return this.rebuild(now);
      }
    }
    if (read) {
      // Writes since the snapshot: replayed if they chain up to the folder as it is now, then kept as a new
      // snapshot, so the next process loads columns again.
      const replayed = await (async () =>
        replay(read.mtime, new ColumnView(read.columns, read.detail), read.log))().catch(() => null);
      if (replayed && replayed.mtime === now) {
        await this.save(replayed);
        return replayed;
      }
    }
    return this.rebuild(now);
  }

  /** Every record file read again (an unreadable one is kept aside and reported, as any read does). */
  private async rebuild(before: number): Promise<State> {
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
  columns: ColumnView,
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
