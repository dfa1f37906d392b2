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

/**
 * The backlog with a change applied by id: changed stories replace theirs in place, new ones go last (creation
 * order), deleted ones go. Returns the same array when nothing in it changes, so subscribers skip a render.
 */
export function applyStoriesChange(stories: readonly Story[], change: StoriesChange): Story[] {
  const byId = new Map(change.changed.map((s) => [s.id, s]));
  const deleted = new Set(change.deleted);
  if (byId.size === 0 && !stories.some((s) => deleted.has(s.id))) return stories as Story[];
  const out: Story[] = [];
  for (const s of stories) {
    if (deleted.has(s.id)) continue;
    const next = byId.get(s.id);
    out.push(next ?? s);
    byId.delete(s.id);
  }
  for (const s of byId.values()) if (!deleted.has(s.id)) out.push(s);
  return out;
}
