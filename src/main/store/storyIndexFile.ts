/**
 * The backlog's local index on disk, under `<store>/local/cache/`: `stories-index.json` (a small header: the
 * stories folder's modification time the snapshot was taken at, the count, the row widths and a stamp), the
 * snapshot's column files (storyIndexColumns.ts: fixed-width rows read by offset, so a page never parses the whole
 * backlog), and `stories-index.log` (one line per write since, appended). It is one person's cache, never the source
 * of truth: anything unreadable, or that does not chain up to the folder as it is now, makes the caller rebuild it
 * from the record files.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STORY_STATUSES, type Story, type StoryStatus } from '../../shared/stories';
import { searchLine } from '../../shared/storySearch';
import { writeFileAtomic } from '../base/atomicFile';
import { columnFiles, SnapshotColumns, type SnapshotHeader } from './storyIndexColumns';

/** Characters of a story's search text the index keeps; a longer story is read from its file when in doubt. */
export const SEARCH_MAX = 1_000;

/** What the index keeps of a story: enough to order, filter, search and count the backlog without reading it. */
export interface StoryIndexEntry {
  id: string;
  title: string;
  status: StoryStatus;
  createdAt: string;
  updatedAt: string;
  /** Title, description and criteria lower-cased on one line, at most SEARCH_MAX characters. */
  search: string;
  /** Whether the story's search text is longer than `search`. */
  cut: boolean;
}

/** What a caller outside the index reads of every story. */
export type StorySummary = Omit<StoryIndexEntry, 'search' | 'cut'>;

/** A story as a logged write stores it: positional. */
type Row = [
  id: string,
  status: number,
  createdAt: string,
  updatedAt: string,
  title: string,
  search: string,
  cut: number,
];

/** One write since the snapshot: the folder's time before and after it, and the story it put or removed. */
export interface IndexLogLine {
  pre: number;
  post: number;
  put?: Row;
  del?: string;
}

const VERSION = 4;

export function entryOf(s: Story): StoryIndexEntry {
  const { text, cut } = searchLine(s, SEARCH_MAX);
  return {
    id: s.id,
    title: s.title,
    status: s.status,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    search: text,
    cut,
  };
}

export const rowOf = (e: StoryIndexEntry): Row => [
  e.id,
  STORY_STATUSES.indexOf(e.status),
  e.createdAt,
  e.updatedAt,
  e.title,
  e.search,
  e.cut ? 1 : 0,
];

export function entryOfRow(r: unknown): StoryIndexEntry | null {
  if (!Array.isArray(r) || r.length !== 7) return null;
  const [id, status, createdAt, updatedAt, title, search, cut] = r as unknown[];
  const st = STORY_STATUSES[status as number];
  if (typeof id !== 'string' || !st || typeof createdAt !== 'string') return null;
  if (typeof updatedAt !== 'string' || typeof title !== 'string' || typeof search !== 'string') return null;
  return { id, title, status: st, createdAt, updatedAt, search, cut: cut === 1 };
}

export class StoryIndexFile {
  readonly dir: string;
  private readonly header: string;
  /** The log of writes since the snapshot; its lock is the one every face's writes take turns on. */
  readonly log: string;

  /** `storeDir` is the `.puffin` folder. */
  constructor(storeDir: string) {
    this.dir = join(storeDir, 'local', 'cache');
    this.header = join(this.dir, 'stories-index.json');
    this.log = join(this.dir, 'stories-index.log');
  }

  /**
   * The snapshot (its columns read only as a page needs them) and the writes logged since (unchecked: the caller
   * chains them); null when missing or unreadable.
   */
  async read(): Promise<{ mtime: number; columns: SnapshotColumns; log: IndexLogLine[] } | null> {
    try {
      const h = JSON.parse(await readFile(this.header, 'utf8')) as Partial<SnapshotHeader> & {
        version?: unknown;
      };
      if (h.version !== VERSION) return null;
      const header = checkedHeader(h);
      if (!header) return null;
      const text = await readFile(this.log, 'utf8').catch(() => '');
      const log = text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as IndexLogLine);
      return { mtime: header.mtime, columns: new SnapshotColumns(this.dir, header), log };
    } catch {
      return null;
    }
  }

  /**
   * A new snapshot (oldest first) replacing the old one and its log: the column files first, each starting with
   * the new stamp, then the header naming it, so a reader never takes one snapshot's rows for another's.
   */
  async write(mtime: number, sorted: readonly StoryIndexEntry[]): Promise<void> {
    await this.ensureDir();
    const stamp = randomBytes(8).toString('hex');
    const { files, idWidth, bodyWidth } = columnFiles(stamp, sorted);
    for (const [name, content] of files) await writeFileAtomic(join(this.dir, name), content);
    const header: SnapshotHeader = { mtime, stamp, count: sorted.length, idWidth, bodyWidth };
    await writeFileAtomic(this.header, JSON.stringify({ version: VERSION, ...header }));
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

function checkedHeader(h: Partial<SnapshotHeader>): SnapshotHeader | null {
  const { mtime, stamp, count, idWidth, bodyWidth } = h;
  if (typeof mtime !== 'number' || typeof stamp !== 'string' || !/^[0-9a-f]{16}$/.test(stamp)) return null;
  const sizes = [count, idWidth, bodyWidth];
  if (!sizes.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0)) return null;
  return { mtime, stamp, count: count!, idWidth: idWidth!, bodyWidth: bodyWidth! };
}

/** The stories folder's modification time (every added, replaced or removed record file changes it); 0 when absent. */
export async function folderTime(dir: string): Promise<number> {
  const s = await stat(dir).catch(() => null);
  return s ? s.mtimeMs : 0;
}
