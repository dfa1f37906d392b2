/**
 * Contract channels of stories reviews kept like plans: one story regenerated with the others
 * locked, and every round kept as a revision that can be compared and restored.
 */
import type { Generation } from '../stories';
import type { StoryRevisions } from '../storyRevisions';
import { ID, reviewDraft, schema } from './schemaParts';

const reviewOnly = {
  reviewId: { type: 'string', pattern: ID },
} as const;

export const reviewSchemas = {
  /**
   * Rewrites the story at `index` (0-based) of a round; every other story comes back exactly as sent. `stories`:
   * the round as the user has it now (edits, locks); absent, the stories of generation `parentId` as stored.
   */
  'generation:regenerateStory': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'parentId', 'index'],
    properties: {
      id: { type: 'string', pattern: ID },
      parentId: { type: 'string', pattern: ID },
      index: { type: 'integer', minimum: 0, maximum: 199 },
      stories: { type: 'array', minItems: 1, maxItems: 200, items: reviewDraft },
      feedback: { type: 'string', maxLength: 50_000 },
      model: { type: 'string', maxLength: 200 },
    },
  }),
  /** Every revision of a stories review (null when it has none yet). */
  'storyRevisions:get': schema({
    type: 'object',
    additionalProperties: false,
    required: ['reviewId'],
    properties: reviewOnly,
  }),
  /** A copy of an older revision becomes the current one, as a new revision. */
  'storyRevisions:restore': schema({
    type: 'object',
    additionalProperties: false,
    required: ['reviewId', 'revision'],
    properties: { ...reviewOnly, revision: { type: 'integer', minimum: 1 } },
  }),
} as const;

export interface ReviewResponses {
  /** Resolves when the call ends (any status); `stories` is the whole round with the one story replaced. */
  'generation:regenerateStory': Generation;
  'storyRevisions:get': StoryRevisions | null;
  'storyRevisions:restore': StoryRevisions;
}
