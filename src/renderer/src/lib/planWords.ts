/** A plan's revisions and stories in words: kinds as phrases, story ids as titles (or short ids), never raw. */
import type { PlanRevision, RevisionKind, SprintDetail } from '../../../shared/plans';

export const REVISION_KIND_LABEL: Record<RevisionKind, string> = {
  generated: 'generated',
  refined: 'refined',
  item_regenerated: 'item regenerated',
  restored: 'restored',
  imported: 'imported from a plan file',
};

/** The first block of an id: enough to tell stories apart on screen. */
export const shortId = (id: string): string => id.split('-')[0]!.slice(0, 8);

/** A sprint story's title; a story the sprint no longer holds reads as its short id. */
export function storyTitle(detail: SprintDetail, storyId: string): string {
  return detail.stories.find((s) => s.id === storyId)?.title ?? `story ${shortId(storyId)}`;
}

/** What made a revision, e.g. "item regenerated: Export the backlog" or "restored from 2". */
export function describeRevision(r: PlanRevision, titleOf: (id: string) => string): string {
  if (r.kind === 'restored' && r.restoredFrom) return `restored from ${r.restoredFrom}`;
  if (r.kind === 'item_regenerated' && r.regeneratedStoryId)
    return `item regenerated: ${titleOf(r.regeneratedStoryId)}`;
  return REVISION_KIND_LABEL[r.kind];
}

/** A story id, with the word "story" before it when there is one (the title replaces both). */
const STORY_ID = /\b(?:story )?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/gi;

/**
 * A changelog line with each story id it names replaced by the story's title ("the plan item of story <id>" →
 * "the plan item of “Export the backlog”"); an id that is not a sprint story is shortened.
 */
export function withStoryTitles(text: string, detail: SprintDetail): string {
  return text.replace(STORY_ID, (_, id: string) => {
    const story = detail.stories.find((s) => s.id === id);
    return story ? `“${story.title}”` : `story ${shortId(id)}`;
  });
}
