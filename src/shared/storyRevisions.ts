/**
 * The revisions of a stories review, as plans keep theirs: every round (derive, modify, one story regenerated,
 * restore) is kept with its stories, so any two can be compared and an old one restored as a new revision.
 */
import type { StoryRevision, StoryRevisions } from './schema-types';

export type { StoryRevision, StoryRevisions };

export const STORY_REVISION_KINDS = ['derived', 'modified', 'story_regenerated', 'restored'] as const;
export type StoryRevisionKind = (typeof STORY_REVISION_KINDS)[number];

export const STORY_REVISION_KIND_LABEL: Record<StoryRevisionKind, string> = {
  derived: 'derived',
  modified: 'modified',
  story_regenerated: 'story regenerated',
  restored: 'restored',
};
