/**
 * Backlog search, as the store answers `stories:page` (the Backlog panel, `puffin stories list --query`) and as the
 * agent searches: every word, anywhere.
 */
import type { StoryDraft } from './stories';

// Lower-cased search text per story object; records are replaced (not mutated) on change.
const haystacks = new WeakMap<StoryDraft, string>();
function haystack(s: StoryDraft): string {
  let h = haystacks.get(s);
  if (h === undefined) {
    h = [s.title, s.description, ...s.acceptanceCriteria].join('\n').toLowerCase();
    haystacks.set(s, h);
  }
  return h;
}

/** The search's words, lower-cased (none: everything matches). */
export function searchWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Whether every word is in the story's title, description or acceptance criteria. */
export function matchesSearch(s: StoryDraft, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const h = haystack(s);
  return words.every((w) => h.includes(w));
}

/**
 * A story's search text as an index keeps it: one line (a word never holds white space, so runs of it become one
 * space without changing what matches), at most `max` characters; `cut` when the story has more.
 */
export function searchLine(s: StoryDraft, max: number): { text: string; cut: boolean } {
  // split/join rather than a regex replace, whose result costs far more to write out later (a tree of pieces).
  const whole = haystack(s).split(/\s+/).join(' ');
  return whole.length > max ? { text: whole.slice(0, max), cut: true } : { text: whole, cut: false };
}

/** Whether every word is in a search line. */
export const lineMatches = (line: string, words: readonly string[]): boolean =>
  words.every((w) => line.includes(w));

/** The kinds of generation that open a review round (derive, modify, one story regenerated). */
const ROUND_KINDS = new Set(['derive', 'modify', 'story-regen']);

/** The generation a headless round starts from when none is named: the latest succeeded one with stories. */
export function latestWithStories<G extends { kind: string; status: string; stories?: unknown[] }>(
  newestFirst: readonly G[],
): G | undefined {
  return newestFirst.find((g) => ROUND_KINDS.has(g.kind) && g.status === 'succeeded' && !!g.stories?.length);
}
