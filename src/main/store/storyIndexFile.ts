/**
 * The backlog's local index on disk: `<store>/local/cache/stories-index.json` (a snapshot: the stories oldest first
 * as columns, storyIndexColumns.ts, and the stories folder's modification time it was taken at) and `stories-index.log` beside it (one
 * line per write since, appended). It is one person's cache, never the source of truth: anything unreadable or
 * that does not chain up to the folder as it is now makes the caller rebuild it from the record files.
 */
import { appendFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STORY_STATUSES, type Story, type StoryStatus } from '../../shared/stories';
import { writeFileAtomic } from '../base/atomicFile';
import { checkedColumns, columnsOf, detailOf, type Columns, type DetailColumns } from './storyIndexColumns';

/** What the index keeps of a story: enough to order, filter and count the backlog without reading it. */
export interface StoryIndexEntry {
  id: string;
  title: string;
  status: StoryStatus;
  createdAt: string;
  updatedAt: string;
}

/** A story as a logged write stores it: positional. */
type Row = [id: string, status: number, createdAt: string, updatedAt: string, title: string];

/** One write since the snapshot: the folder's time before and after it, and the story it put or removed. */
export interface IndexLogLine {
  pre: number;
  post: number;
  put?: Row;
  del?: string;
}

const VERSION = 3;

export const entryOf = (s: Story): StoryIndexEntry => ({
  id: s.id,
  title: s.title,
  status: s.status,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

export const rowOf = (e: StoryIndexEntry): Row => [
  e.id,
  STORY_STATUSES.indexOf(e.status),
  e.createdAt,
  e.updatedAt,
  e.title,
];

export function entryOfRow(r: unknown): StoryIndexEntry | null {
  if (!Array.isArray(r) || r.length !== 5) return null;
  const [id, status, createdAt, updatedAt, title] = r as unknown[];
  const st = STORY_STATUSES[status as number];
  if (typeof id !== 'string' || !st || typeof createdAt !== 'string') return null;
  if (typeof updatedAt !== 'string' || typeof title !== 'string') return null;
  return { id, title, status: st, createdAt, updatedAt };
}

export class StoryIndexFile {
  readonly dir: string;
  private readonly snapshot: string;
  private readonly detail: string;
  /** The log of writes since the snapshot; its lock is the one every face's writes take turns on. */
  readonly log: string;

  /** `storeDir` is the `.puffin` folder. */
  constructor(storeDir: string) {
    this.dir = join(storeDir, 'local', 'cache');
    this.snapshot = join(this.dir, 'stories-index.json');
    this.detail = join(this.dir, 'stories-index.detail.json');
    this.log = join(this.dir, 'stories-index.log');
  }

  /**
   * The snapshot's columns and folder time, and the writes logged since (unchecked: the caller chains them); null
   * when missing or unreadable.
   */
  async read(): Promise<{
    mtime: number;
    columns: Columns;
    detail: () => Promise<DetailColumns>;
    log: IndexLogLine[];
  } | null> {
    try {
      const snap = JSON.parse(await readFile(this.snapshot, 'utf8')) as {
        version?: unknown;
        mtime?: unknown;
        columns?: unknown;
      };
      const columns = checkedColumns(snap.columns, ['ids', 'status', 'bodies']);
      if (snap.version !== VERSION || typeof snap.mtime !== 'number' || !columns) return null;
      const text = await readFile(this.log, 'utf8').catch(() => '');
      const log = text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as IndexLogLine);
      const mtime = snap.mtime;
      // Written before its snapshot, with the same time: one of another snapshot is refused (the caller rebuilds).
      const detail = async (): Promise<DetailColumns> => {
        const d = JSON.parse(await readFile(this.detail, 'utf8')) as { mtime?: unknown; columns?: unknown };
        const cols = checkedColumns(d.columns, ['created', 'updated', 'titles']);
        if (d.mtime !== mtime || !cols) throw new Error('the index detail is of another snapshot');
        return cols;
      };
      return { mtime, columns, detail, log };
    } catch {
      return null;
    }
  }

  /** A new snapshot (oldest first) replacing the old one and its log. */
  async write(mtime: number, sorted: readonly StoryIndexEntry[]): Promise<void> {
    await this.ensureDir();
    await writeFileAtomic(this.detail, JSON.stringify({ mtime, columns: detailOf(sorted) }));
    await writeFileAtomic(
      this.snapshot,
      JSON.stringify({ version: VERSION, mtime, columns: columnsOf(sorted) }),
    );
    await rm(this.log, { force: true });
  }

  /** One write, appended (a single small append: whole even when several processes append at once). */
  async append(line: IndexLogLine): Promise<void> {
    await appendFile(this.log, JSON.stringify(line) + '\n');
  }

  async ensureDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    // What lives under local/ is one person's: git never sees it.
    const ignore = join(this.dir, '..', '.gitignore');
    if (!(await stat(ignore).catch(() => null))) await writeFile(ignore, '*\n');
  }
}

/** The stories folder's modification time (every added, replaced or removed record file changes it); 0 when absent. */
export async function folderTime(dir: string): Promise<number> {
  const s = await stat(dir).catch(() => null);
  return s ? s.mtimeMs : 0;
}
