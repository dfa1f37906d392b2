import type { Story } from './stories';

/**
 * What one backlog change did, sent to every renderer as `stories:changed`: only the stories it touched, so a
 * save costs the same with 10 stories or 10,000 (the whole backlog went with every save before).
 */
export interface StoriesChange {
  /** Stories added or changed, as stored. */
  changed: Story[];
  /** Ids of the stories removed. */
  deleted: string[];
}

const same = (a: Story, b: Story): boolean =>
  a === b || (a.updatedAt === b.updatedAt && JSON.stringify(a) === JSON.stringify(b));

/**
 * The backlog with a change applied by id: changed stories replace theirs in place, new ones go last (creation
 * order), deleted ones go. Returns the same array when nothing in it changes (e.g. the event that follows a save's
 * own answer), so subscribers skip a render.
 */
export function applyStoriesChange(stories: readonly Story[], change: StoriesChange): Story[] {
  const byId = new Map(change.changed.map((s) => [s.id, s]));
  const deleted = new Set(change.deleted);
  let touched = false;
  const out: Story[] = [];
  for (const s of stories) {
    const next = byId.get(s.id);
    byId.delete(s.id);
    if (deleted.has(s.id)) touched = true;
    else if (next && !same(next, s)) {
      out.push(next);
      touched = true;
    } else out.push(s);
  }
  for (const s of byId.values())
    if (!deleted.has(s.id)) {
      out.push(s);
      touched = true;
    }
  return touched ? out : (stories as Story[]);
}
