/**
 * The backlog index's snapshot as column files, each starting with the snapshot's stamp: the ids (oldest first) and
 * the sorted short-id bodies as fixed-width rows, so a page reads its rows by offset and a short id comes from a
 * binary search in place; one status digit per story; the search lines; the dates and titles. A page of 100,000
 * stories then reads a few hundred bytes and one 100 KB status column at most, never parses the whole backlog.
 */
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHORT_ID_MIN, SHORT_ID_PREFIX, shortIdBody } from '../../shared/shortIds';
import { STORY_STATUSES } from '../../shared/stories';
import type { StoryIndexEntry, StorySummary } from './storyIndexFile';
import type { IndexView } from './storyIndexView';

export interface SnapshotHeader {
  mtime: number;
  /** Random, new for every snapshot: the first line of each of its column files. */
  stamp: string;
  count: number;
  /** Characters of an id row and of a short-id body row, before its newline (ids are ASCII). */
  idWidth: number;
  bodyWidth: number;
}

/** A column file that is missing, short or of another snapshot: the caller rebuilds the index. */
export class IndexDamaged extends Error {}

const FILES = {
  ids: 'stories-index.ids',
  status: 'stories-index.status',
  bodies: 'stories-index.bodies',
  search: 'stories-index.search',
  detail: 'stories-index.detail.json',
} as const;

const STAMP_BYTES = 17; // 16 hex characters and a newline
const pad = (s: string, width: number) => s + ' '.repeat(width - s.length);

/** The column files of a snapshot of `sorted` (oldest first), by name. */
export function columnFiles(
  stamp: string,
  sorted: readonly StoryIndexEntry[],
): { files: [string, string][]; idWidth: number; bodyWidth: number } {
  const idWidth = sorted.reduce((w, e) => Math.max(w, e.id.length), 0);
  const bodies = sorted.map((e) => shortIdBody(e.id)).sort();
  const bodyWidth = bodies.reduce((w, b) => Math.max(w, b.length), 0);
  const head = `${stamp}\n`;
  const detail = {
    stamp,
    created: sorted.map((e) => e.createdAt),
    updated: sorted.map((e) => e.updatedAt),
    titles: sorted.map((e) => e.title),
  };
  return {
    idWidth,
    bodyWidth,
    files: [
      [FILES.ids, head + sorted.map((e) => pad(e.id, idWidth) + '\n').join('')],
      [FILES.status, head + sorted.map((e) => STORY_STATUSES.indexOf(e.status)).join('')],
      [FILES.bodies, head + bodies.map((b) => pad(b, bodyWidth) + '\n').join('')],
      [FILES.search, head + sorted.map((e) => (e.cut ? '1' : '0') + e.search).join('\n')],
      [FILES.detail, JSON.stringify(detail)],
    ],
  };
}

/** A snapshot on disk, read column by column as the caller needs. */
export class SnapshotColumns implements IndexView {
  private statusColumn: Promise<string> | null = null;
  private bodies: Promise<Buffer> | null = null;

  constructor(
    private readonly dir: string,
    private readonly h: SnapshotHeader,
  ) {}

  get total(): number {
    return this.h.count;
  }

  statuses(): Promise<string> {
    return (this.statusColumn ??= this.whole(FILES.status).then((b) => {
      const s = b.toString('latin1');
      if (s.length !== this.h.count) throw new IndexDamaged('the status column is short');
      return s;
    }));
  }

  async searchLines(): Promise<string[]> {
    const lines = this.h.count === 0 ? [] : (await this.whole(FILES.search)).toString('utf8').split('\n');
    if (lines.length !== this.h.count) throw new IndexDamaged('the search column is short');
    return lines;
  }

  async idsAt(positions: readonly number[]): Promise<string[]> {
    const width = this.h.idWidth + 1;
    return this.rows(FILES.ids, width, positions, (buf, at) =>
      buf.toString('latin1', at, at + width - 1).trimEnd(),
    );
  }

  async shortIds(ids: readonly string[]): Promise<Map<string, string>> {
    const buf = await (this.bodies ??= this.whole(FILES.bodies));
    const width = this.h.bodyWidth + 1;
    if (buf.length !== this.h.count * width) throw new IndexDamaged('the short-id column is short');
    const body = (i: number) => buf.toString('latin1', i * width, (i + 1) * width - 1).trimEnd();
    const out = new Map<string, string>();
    for (const id of ids) {
      const b = shortIdBody(id);
      let lo = 0;
      let hi = this.h.count;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (body(mid) < b) lo = mid + 1;
        else hi = mid;
      }
      // Its nearest other bodies: before the first equal one, after the last.
      let after = lo;
      while (after < this.h.count && body(after) === b) after++;
      const near = [lo > 0 ? body(lo - 1) : undefined, after < this.h.count ? body(after) : undefined];
      const longest = Math.max(0, ...near.map((x) => (x === undefined ? 0 : common(x, b))));
      const n = Math.min(b.length, Math.max(SHORT_ID_MIN, longest + 1));
      out.set(id, `${SHORT_ID_PREFIX}${b.slice(0, n)}`);
    }
    return out;
  }

  /** Every entry, oldest first (all columns read). */
  async entries(): Promise<StoryIndexEntry[]> {
    const [listed, lines] = await Promise.all([this.summaries(), this.searchLines()]);
    return listed.map((e, i) => ({ ...e, search: lines[i]!.slice(1), cut: lines[i]![0] === '1' }));
  }

  /** Every story's id, title, status and dates, oldest first (the search lines left unread). */
  async summaries(): Promise<StorySummary[]> {
    const n = this.h.count;
    const [ids, status, detailText] = await Promise.all([
      this.idsAt(Array.from({ length: n }, (_, i) => i)),
      this.statuses(),
      readFile(join(this.dir, FILES.detail), 'utf8').catch(() => ''),
    ]);
    const d = (() => {
      try {
        return JSON.parse(detailText) as Record<string, unknown>;
      } catch {
        return {};
      }
    })();
    const columns = [d.created, d.updated, d.titles];
    if (d.stamp !== this.h.stamp || !columns.every((c) => Array.isArray(c) && c.length === n))
      throw new IndexDamaged('the index detail is of another snapshot');
    const [created, updated, titles] = columns as string[][];
    return ids.map((id, i) => ({
      id,
      title: titles![i]!,
      status: STORY_STATUSES[Number(status[i])]!,
      createdAt: created![i]!,
      updatedAt: updated![i]!,
    }));
  }

  /** A column file's content after its stamp. */
  private async whole(name: string): Promise<Buffer> {
    const buf = await readFile(join(this.dir, name)).catch(() => null);
    if (!buf || buf.toString('latin1', 0, STAMP_BYTES) !== `${this.h.stamp}\n`)
      throw new IndexDamaged(`${name} is missing or of another snapshot`);
    return buf.subarray(STAMP_BYTES);
  }

  /** Rows of a fixed-width column: one read from the first wanted to the last when close, else one read each. */
  private async rows<T>(
    name: string,
    width: number,
    positions: readonly number[],
    take: (buf: Buffer, at: number) => T,
  ): Promise<T[]> {
    if (positions.some((p) => p < 0 || p >= this.h.count)) throw new RangeError('no such row');
    const fh = await open(join(this.dir, name)).catch(() => null);
    if (!fh) throw new IndexDamaged(`${name} is missing`);
    try {
      const stamp = Buffer.alloc(STAMP_BYTES);
      await fh.read(stamp, 0, STAMP_BYTES, 0);
      if (stamp.toString('latin1') !== `${this.h.stamp}\n`)
        throw new IndexDamaged(`${name} is of another snapshot`);
      if (positions.length === 0) return [];
      let first = positions[0]!;
      let last = first;
      for (const p of positions) [first, last] = [Math.min(first, p), Math.max(last, p)];
      const span = (last - first + 1) * width;
      if (span <= Math.max(64 * 1024, positions.length * width * 4)) {
        const buf = Buffer.alloc(span);
        const { bytesRead } = await fh.read(buf, 0, span, STAMP_BYTES + first * width);
        if (bytesRead !== span) throw new IndexDamaged(`${name} is short`);
        return positions.map((p) => take(buf, (p - first) * width));
      }
      return await Promise.all(
        positions.map(async (p) => {
          const buf = Buffer.alloc(width);
          const { bytesRead } = await fh.read(buf, 0, width, STAMP_BYTES + p * width);
          if (bytesRead !== width) throw new IndexDamaged(`${name} is short`);
          return take(buf, 0);
        }),
      );
    } finally {
      await fh.close();
    }
  }
}

function common(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}
