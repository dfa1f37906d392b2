/**
 * Merging a modify round's answer with the stories that were sent. Locked (accepted) stories must come back
 * byte-identical and in place whatever the model did with them, so the model's version of a locked story is
 * recognised (same title, or else the same position with a title that is no other story's) and dropped, and
 * the original is put back at its position. The other answers fill the unlocked positions in order; extra
 * ones are appended as new stories; unlocked positions left without an answer were removed by the model.
 */
import type { ReviewDraft, StoryDraft } from '../../shared/stories';

const norm = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();

/** The exact original record (a fresh copy, same key order), so its JSON is byte-identical. */
function copyLocked(s: ReviewDraft): ReviewDraft {
  return {
    title: s.title,
    description: s.description,
    acceptanceCriteria: [...s.acceptanceCriteria],
    locked: true,
  };
}

export function mergeLocked(sent: readonly ReviewDraft[], answer: readonly StoryDraft[]): ReviewDraft[] {
  const consumed = new Set<number>();
  const lockedTitles = new Map<string, number>();
  sent.forEach((s, i) => {
    if (s.locked && !lockedTitles.has(norm(s.title))) lockedTitles.set(norm(s.title), i);
  });
  const unlockedTitles = new Set(sent.filter((s) => !s.locked).map((s) => norm(s.title)));
  const matched = new Set<number>(); // locked positions already accounted for

  // 1. The model's copies of locked stories, by title.
  answer.forEach((a, j) => {
    const i = lockedTitles.get(norm(a.title));
    if (i !== undefined && !matched.has(i)) {
      matched.add(i);
      consumed.add(j);
    }
  });
  // 2. A locked story whose title the model changed: the answer at its position, unless that answer is
  //    recognisably one of the unlocked stories.
  sent.forEach((s, i) => {
    if (!s.locked || matched.has(i) || consumed.has(i) || i >= answer.length) return;
    if (unlockedTitles.has(norm(answer[i]!.title)) || lockedTitles.has(norm(answer[i]!.title))) return;
    matched.add(i);
    consumed.add(i);
  });

  const free = answer
    .filter((_, j) => !consumed.has(j))
    .map((a): ReviewDraft => ({
      title: a.title,
      description: a.description,
      acceptanceCriteria: [...a.acceptanceCriteria],
      locked: false,
    }));
  const merged: ReviewDraft[] = [];
  for (const s of sent) {
    if (s.locked) merged.push(copyLocked(s));
    else if (free.length > 0) merged.push(free.shift()!);
  }
  return [...merged, ...free];
}
