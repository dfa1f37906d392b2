/**
 * A page of the backlog from its local index: the filters, the search and the order come from the index, the
 * stories shown from their own files (the index is never the source of truth), so a page costs the same whatever the
 * backlog's size. The index keeps a bounded search line per story: a longer story whose line does not hold every
 * word is read from its file to decide.
 */
import { lineMatches, matchesSearch, searchWords } from '../../shared/storySearch';
import { STORY_STATUSES, type Story, type StoryStatus } from '../../shared/stories';
import { STORY_PAGE_LIMITS, type StoryPage } from '../../shared/storyPage';
import type { RecordFolder } from './recordFolder';
import type { StoryIndex } from './storyIndex';
import type { IndexView } from './storyIndexView';

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

/** The positions (oldest first) of the stories the filters keep. */
async function kept(
  view: IndexView,
  records: RecordFolder<Story>,
  statuses: readonly StoryStatus[] | undefined,
  words: readonly string[],
): Promise<number[]> {
  const digits = statuses ? new Set(statuses.map((s) => String(STORY_STATUSES.indexOf(s)))) : null;
  const status = digits ? await view.statuses() : null;
  const lines = words.length > 0 ? await view.searchLines() : null;
  const out: number[] = [];
  const unsure: number[] = [];
  for (let i = 0; i < view.total; i++) {
    if (status && !digits!.has(status[i]!)) continue;
    const line = lines?.[i];
    if (line === undefined || lineMatches(line.slice(1), words)) out.push(i);
    else if (line[0] === '1') unsure.push(i);
  }
  if (unsure.length === 0) return out;
  // Stories longer than their search line: decided on their own text.
  const ids = await view.idsAt(unsure);
  const found = new Set(
    (await readAll(records, ids)).filter((s) => matchesSearch(s, words)).map((s) => s.id),
  );
  out.push(...unsure.filter((_, k) => found.has(ids[k]!)));
  return out.sort((a, b) => a - b);
}

/**
 * The last filter's positions for each snapshot: the app asks for the pages of one filter in turn, and a snapshot
 * does not change (a write makes a new view), so the search lines are scanned once per filter, not once per page.
 */
const lastKept = new WeakMap<IndexView, { key: string; positions: Promise<number[]> }>();

function keptOnce(
  view: IndexView,
  records: RecordFolder<Story>,
  statuses: readonly StoryStatus[] | undefined,
  words: readonly string[],
): Promise<number[]> {
  const key = JSON.stringify([statuses ?? null, words]);
  const last = lastKept.get(view);
  if (last?.key === key) return last.positions;
  const positions = kept(view, records, statuses, words);
  lastKept.set(view, { key, positions });
  positions.catch(() => lastKept.delete(view));
  return positions;
}

export async function storyPage(
  index: StoryIndex,
  records: RecordFolder<Story>,
  q: StoryPageQuery,
): Promise<StoryPage> {
  const offset = q.offset ?? 0;
  const limit = Math.min(q.limit ?? STORY_PAGE_LIMITS.default, STORY_PAGE_LIMITS.max);
  const words = searchWords(q.query ?? '');
  return index.read(async (view) => {
    const filtered = q.statuses !== undefined || words.length > 0;
    const positions = filtered ? await keptOnce(view, records, q.statuses, words) : null;
    const matching = positions ? positions.length : view.total;
    const end = Math.min(matching, offset + limit);
    const slice =
      offset >= end
        ? []
        : positions
          ? positions.slice(offset, end)
          : Array.from({ length: end - offset }, (_, k) => offset + k);
    const shown = await readAll(records, await view.idsAt(slice));
    const short = await view.shortIds(shown.map((s) => s.id));
    return {
      stories: shown.map((s) => ({ ...s, shortId: short.get(s.id)! })),
      total: view.total,
      matching,
      offset,
    };
  });
}
