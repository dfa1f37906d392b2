/**
 * The backlog index's snapshot as columns: the ids (oldest first), one status digit per story, the dates and
 * titles as single strings split only when every entry is wanted, and the short-id bodies of all ids sorted, so a
 * page's short ids come from a binary search. Loading 100,000 stories then makes a few long strings and one array,
 * not 100,000 objects.
 */
import { SHORT_ID_MIN, SHORT_ID_PREFIX, shortIdBody } from '../../shared/shortIds';
import { STORY_STATUSES, type StoryStatus } from '../../shared/stories';
import type { StoryIndexEntry } from './storyIndexFile';

/** What a page reads: in the snapshot's file. */
export interface Columns {
  ids: string;
  /** STORY_STATUSES indexes, one character per story. */
  status: string;
  /** Every id's short-id body, sorted. */
  bodies: string;
}

/** What only a whole entry needs: in a file of its own, read only then. */
export interface DetailColumns {
  created: string;
  updated: string;
  /** The titles as a JSON array (a title may hold any character). */
  titles: string;
}

const SEP = '\n';

export function detailOf(sorted: readonly StoryIndexEntry[]): DetailColumns {
  return {
    created: sorted.map((e) => e.createdAt).join(SEP),
    updated: sorted.map((e) => e.updatedAt).join(SEP),
    titles: JSON.stringify(sorted.map((e) => e.title)),
  };
}

export function columnsOf(sorted: readonly StoryIndexEntry[]): Columns {
  return {
    ids: sorted.map((e) => e.id).join(SEP),
    status: sorted.map((e) => STORY_STATUSES.indexOf(e.status)).join(''),
    bodies: sorted
      .map((e) => shortIdBody(e.id))
      .sort()
      .join(SEP),
  };
}

/** Null when the columns do not fit together (a damaged snapshot). */
export function checkedColumns<K extends string>(c: unknown, keys: readonly K[]): Record<K, string> | null {
  const o = c as Record<string, unknown> | null;
  if (!o || keys.some((k) => typeof o[k] !== 'string')) return null;
  return o as Record<K, string>;
}

const split = (s: string): string[] => (s === '' ? [] : s.split(SEP));

/** A loaded snapshot, read without making an object per story. */
export class ColumnView {
  readonly ids: string[];
  private bodies: string[] | null = null;

  constructor(
    private readonly c: Columns,
    private readonly detail: () => Promise<DetailColumns>,
  ) {
    this.ids = split(c.ids);
    if (c.status.length !== this.ids.length) throw new Error('the index columns do not match');
  }

  /** The ids whose status is one of `statuses` (all when null), oldest first. */
  idsWith(statuses: ReadonlySet<StoryStatus> | null): string[] {
    if (!statuses) return this.ids;
    const digits = new Set([...statuses].map((s) => String(STORY_STATUSES.indexOf(s))));
    return this.ids.filter((_, i) => digits.has(this.c.status[i]!));
  }

  /** Every entry, oldest first. */
  async entries(): Promise<StoryIndexEntry[]> {
    const d = await this.detail();
    const created = split(d.created);
    const updated = split(d.updated);
    const titles = JSON.parse(d.titles) as string[];
    if (
      created.length !== this.ids.length ||
      updated.length !== this.ids.length ||
      titles.length !== this.ids.length
    )
      throw new Error('the index columns do not match');
    return this.ids.map((id, i) => ({
      id,
      title: titles[i]!,
      status: STORY_STATUSES[Number(this.c.status[i])]!,
      createdAt: created[i]!,
      updatedAt: updated[i]!,
    }));
  }

  /** The short id of each of `ids` among all, as shortIds() gives it: from its sorted neighbours. */
  shortIds(ids: readonly string[]): Map<string, string> {
    const bodies = (this.bodies ??= split(this.c.bodies));
    const out = new Map<string, string>();
    for (const id of ids) {
      const b = shortIdBody(id);
      let lo = 0;
      let hi = bodies.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (bodies[mid]! < b) lo = mid + 1;
        else hi = mid;
      }
      // Its nearest other bodies: before the first equal one, after the last.
      let after = lo;
      while (after < bodies.length && bodies[after] === b) after++;
      const near = [bodies[lo - 1], bodies[after]].filter((x): x is string => x !== undefined);
      const longest = Math.max(0, ...near.map((x) => common(x, b)));
      const n = Math.min(b.length, Math.max(SHORT_ID_MIN, longest + 1));
      out.set(id, `${SHORT_ID_PREFIX}${b.slice(0, n)}`);
    }
    return out;
  }
}

function common(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}
