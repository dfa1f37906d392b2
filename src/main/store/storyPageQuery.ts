/**
 * A page of the backlog from its local index: the filters and the order come from the index, the stories shown
 * from their own files (the index is never the source of truth), so a page costs the same whatever the backlog's
 * size. A search reads the stories the status filter keeps, since it looks into descriptions and criteria too.
 */
import { matchesSearch, searchWords } from '../../shared/storySearch';
import type { Story, StoryStatus } from '../../shared/stories';
import { STORY_PAGE_LIMITS, type StoryPage } from '../../shared/storyPage';
import type { RecordFolder } from './recordFolder';
import type { StoryIndex } from './storyIndex';

export interface StoryPageQuery {
  offset?: number;
  limit?: number;
  statuses?: readonly StoryStatus[];
  query?: string;
}

const BATCH = 64;

async function readAll(records: RecordFolder<Story>, ids: readonly string[]): Promise<Story[]> {
  const out: Story[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const read = await Promise.all(ids.slice(i, i + BATCH).map((id) => records.readUncached(id)));
    for (const s of read) if (s) out.push(s);
  }
  return out;
}

export async function storyPage(
  index: StoryIndex,
  records: RecordFolder<Story>,
  q: StoryPageQuery,
): Promise<StoryPage> {
  const view = await index.view();
  const offset = q.offset ?? 0;
  const limit = Math.min(q.limit ?? STORY_PAGE_LIMITS.default, STORY_PAGE_LIMITS.max);
  const kept = view.idsWith(q.statuses ? new Set(q.statuses) : null);
  const words = searchWords(q.query ?? '');
  let matching: number;
  let shown: Story[];
  if (words.length > 0) {
    const found = (await readAll(records, kept)).filter((s) => matchesSearch(s, words));
    matching = found.length;
    shown = found.slice(offset, offset + limit);
  } else {
    matching = kept.length;
    shown = await readAll(records, kept.slice(offset, offset + limit));
  }
  const short = view.shortIds(shown.map((s) => s.id));
  return {
    stories: shown.map((s) => ({ ...s, shortId: short.get(s.id)! })),
    total: view.total,
    matching,
    offset,
  };
}
