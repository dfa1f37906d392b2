/**
 * The backlog's local index (storyIndexFile.ts): the order, status and title of every story, so listing a page,
 * counting and filtering by status cost the same with 200 stories or 100,000. It is checked against the stories
 * folder's modification time before every use (one stat) and rebuilt from the record files when missing, stale or
 * unreadable; the stories of a page are always read from their own files.
 */
import type { Story } from '../../shared/stories';
import { serializeOnPath } from '../core/atomicFile';
import type { Logger } from '../core/logger';
import type { RecordFolder } from './recordFolder';
import { entryOf, folderTime, rowOf, StoryIndexFile, type StoryIndexEntry } from './storyIndexFile';

/** Logged writes after which the snapshot is written again (the log is replayed at every load). */
const COMPACT_AFTER = 2_000;
/** Record files read at once while rebuilding. */
const BATCH = 64;

interface State {
  mtime: number;
  byId: Map<string, StoryIndexEntry>;
  sorted: StoryIndexEntry[] | null;
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
    state.sorted ??= [...state.byId.values()].sort(byCreation);
    return state.sorted;
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
      if (put.length + del.length === 0) return result;
      const post = await folderTime(this.records.dir);
      if (!state || state !== this.state || state.mtime !== pre) {
        this.state = null;
        return result;
      }
      for (const id of del) state.byId.delete(id);
      for (const s of put) state.byId.set(s.id, entryOf(s));
      state.sorted = null;
      state.mtime = post;
      // One line per file written, chained by folder time: the first carries pre, the last post.
      const lines = [...del.map((id) => ({ del: id })), ...put.map((s) => ({ put: rowOf(entryOf(s)) }))];
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
    if (read && read.mtime === now) {
      const state: State = { mtime: now, byId: read.entries, sorted: null };
      if (read.logLines >= COMPACT_AFTER) await this.save(state);
      return state;
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
    state.sorted ??= [...state.byId.values()].sort(byCreation);
    await this.file.write(state.mtime, state.sorted).catch((err: unknown) => {
      this.log?.warn(`The backlog's local index could not be saved (${String(err)}); it will be rebuilt.`);
    });
  }
}
