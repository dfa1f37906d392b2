import type { StoryDraft } from '../../../shared/stories';

export type StoryField = 'title' | 'description' | 'acceptanceCriteria';

/** What happened to one story between two review rounds. */
export type StoryChange =
  | { kind: 'added'; title: string; index: number }
  | { kind: 'removed'; title: string }
  | {
      kind: 'changed';
      title: string;
      /** The title before, when it changed. */
      previousTitle?: string;
      index: number;
      fields: StoryField[];
      criteriaAdded: string[];
      criteriaRemoved: string[];
    }
  | { kind: 'unchanged'; title: string; index: number };

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Pairs the stories of two rounds and says what changed. Stories carry no ids, so a story is matched
 * by its (case- and space-insensitive) title first, then the remaining ones pair up in order.
 * The result lists the next round's stories in order, followed by the removed ones.
 */
export function diffStories(before: readonly StoryDraft[], after: readonly StoryDraft[]): StoryChange[] {
  const pairOf = new Map<number, number>(); // after index → before index
  const used = new Set<number>();
  after.forEach((a, ai) => {
    const bi = before.findIndex((b, i) => !used.has(i) && norm(b.title) === norm(a.title));
    if (bi >= 0) {
      pairOf.set(ai, bi);
      used.add(bi);
    }
  });
  const freeBefore = before.map((_, i) => i).filter((i) => !used.has(i));
  after.forEach((_, ai) => {
    if (pairOf.has(ai)) return;
    const bi = freeBefore.shift();
    if (bi !== undefined) {
      pairOf.set(ai, bi);
      used.add(bi);
    }
  });

  const changes: StoryChange[] = after.map((a, index) => {
    const bi = pairOf.get(index);
    const b = bi === undefined ? undefined : before[bi];
    if (!b) return { kind: 'added', title: a.title, index };
    return compare(b, a, index);
  });
  before.forEach((b, bi) => {
    if (!used.has(bi)) changes.push({ kind: 'removed', title: b.title });
  });
  return changes;
}

function compare(b: StoryDraft, a: StoryDraft, index: number): StoryChange {
  const fields: StoryField[] = [];
  if (b.title !== a.title) fields.push('title');
  if (b.description !== a.description) fields.push('description');
  const criteriaSame =
    b.acceptanceCriteria.length === a.acceptanceCriteria.length &&
    b.acceptanceCriteria.every((c, i) => c === a.acceptanceCriteria[i]);
  if (!criteriaSame) fields.push('acceptanceCriteria');
  if (fields.length === 0) return { kind: 'unchanged', title: a.title, index };
  const change: StoryChange = {
    kind: 'changed',
    title: a.title,
    index,
    fields,
    criteriaAdded: multisetMinus(a.acceptanceCriteria, b.acceptanceCriteria),
    criteriaRemoved: multisetMinus(b.acceptanceCriteria, a.acceptanceCriteria),
  };
  if (b.title !== a.title) change.previousTitle = b.title;
  return change;
}

/** Items of `xs` not matched one-for-one by an item of `ys` (so duplicates count). */
function multisetMinus(xs: readonly string[], ys: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const y of ys) left.set(y, (left.get(y) ?? 0) + 1);
  return xs.filter((x) => {
    const n = left.get(x) ?? 0;
    if (n === 0) return true;
    left.set(x, n - 1);
    return false;
  });
}

/** True when a round changed nothing at all. */
export function nothingChanged(changes: readonly StoryChange[]): boolean {
  return changes.every((c) => c.kind === 'unchanged');
}
