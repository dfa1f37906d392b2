/** A page of the backlog as every face asks for it (`stories:page`), and the short ids its stories carry. */
import { SHORT_ID_MIN, SHORT_ID_PREFIX, shortIdBody } from './shortIds';
import type { Story } from './stories';

export const STORY_PAGE_LIMITS = {
  /** Stories of a page when the request names no limit. */
  default: 200,
  /** The most stories one answer holds. */
  max: 1_000,
} as const;

export interface StoryPage {
  /** The page's stories, oldest first, each with its short id among the whole backlog. */
  stories: (Story & { shortId: string })[];
  /** Stories in the backlog. */
  total: number;
  /** Stories the filters keep (the page is a slice of them). */
  matching: number;
  offset: number;
}

const common = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

/**
 * The short id of each of `ids` among `all`, as shortIds() gives it, without sorting the whole backlog: only the
 * ids sharing a short id's first characters can lengthen it, so one pass over `all` finds them.
 */
export function shortIdsAmong(ids: readonly string[], all: readonly string[]): Map<string, string> {
  const bodies = new Map(ids.map((id) => [id, shortIdBody(id)]));
  const byHead = new Map<string, { body: string; longest: number }[]>();
  const wanted = new Map<string, { body: string; longest: number }>();
  for (const [id, body] of bodies) {
    const w = { body, longest: 0 };
    wanted.set(id, w);
    const head = body.slice(0, SHORT_ID_MIN);
    byHead.set(head, [...(byHead.get(head) ?? []), w]);
  }
  const seen = (body: string) => {
    const ws = byHead.get(body.slice(0, SHORT_ID_MIN));
    if (ws) for (const w of ws) if (w.body !== body) w.longest = Math.max(w.longest, common(w.body, body));
  };
  for (const id of all) seen(shortIdBody(id));
  for (const b of bodies.values()) seen(b);
  const out = new Map<string, string>();
  for (const [id, w] of wanted) {
    const n = Math.min(w.body.length, Math.max(SHORT_ID_MIN, w.longest + 1));
    out.set(id, `${SHORT_ID_PREFIX}${w.body.slice(0, n)}`);
  }
  return out;
}
