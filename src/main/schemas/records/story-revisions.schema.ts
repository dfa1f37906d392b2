/**
 * `story-revisions/<reviewId>.json`: every round of one stories review (none is ever dropped), and the current one.
 * A review starts with a derive generation (its id is the review's) and gains a revision with each modify round,
 * each story regenerated alone, and each restore (a copy of an older revision). Kept apart from what the user is
 * deciding in the open round (decisions, unsaved edits): a revision is what a round opened with.
 */
import { STORY_REVISION_KINDS } from '../../../shared/storyRevisions';
import { reviewDraft } from './generation.schema';
import { DRAFT_07, id, record, restoredFrom, revisionHead, revisionNumber, text } from './parts';

const revision = record(
  'StoryRevision',
  {
    ...revisionHead(STORY_REVISION_KINDS),
    generationId: {
      ...id,
      description: 'The generation whose stories these are (for restored: the original).',
    },
    stories: { type: 'array', items: reviewDraft },
    feedback: text,
    regeneratedIndex: {
      type: 'integer',
      minimum: 0,
      description: 'For `story_regenerated`: the 0-based position of the story that was redone.',
    },
    restoredFrom,
  },
  ['feedback', 'regeneratedIndex', 'restoredFrom'],
);

export default {
  $schema: DRAFT_07,
  ...record('StoryRevisions', {
    reviewId: id,
    revisions: { type: 'array', minItems: 1, items: revision },
    current: revisionNumber,
  }),
};
