/**
 * What a page needs of the backlog's index, whether it is the snapshot on disk (storyIndexColumns.ts) or the
 * entries this process holds after its own writes.
 */
import { shortIdsAmong } from '../../shared/storyPage';
import { STORY_STATUSES } from '../../shared/stories';
import type { StoryIndexEntry } from './storyIndexFile';

export interface IndexView {
  /** Stories in the backlog. */
  readonly total: number;
  /** One STORY_STATUSES index digit per story, oldest first. */
  statuses(): Promise<string>;
  /** Each story's search line, oldest first, after a flag: `1` when the story's text is longer than the line. */
  searchLines(): Promise<string[]>;
  /** The ids at these positions of the backlog (oldest first). */
  idsAt(positions: readonly number[]): Promise<string[]>;
  /** The short id of each of `ids` among the whole backlog. */
  shortIds(ids: readonly string[]): Promise<Map<string, string>>;
}

/** The view of entries held in memory (oldest first). */
export function entriesView(sorted: readonly StoryIndexEntry[]): IndexView {
  let all: string[] | null = null;
  return {
    total: sorted.length,
    statuses: () => Promise.resolve(sorted.map((e) => STORY_STATUSES.indexOf(e.status)).join('')),
    searchLines: () => Promise.resolve(sorted.map((e) => (e.cut ? '1' : '0') + e.search)),
    idsAt: (positions) => Promise.resolve(positions.map((p) => sorted[p]!.id)),
    shortIds: (ids) => Promise.resolve(shortIdsAmong(ids, (all ??= sorted.map((e) => e.id)))),
  };
}
