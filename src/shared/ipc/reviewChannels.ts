/**
 * Contract channels of the stories review: a generation derived, modified (also from a stored round), cancelled or
 * one story regenerated with the others locked; every round kept as a revision that can be compared and restored;
 * and the open review, saved as it changes and restored after a reload.
 */
import { OPEN_REVIEW_REQUIRED, openReviewProperties } from '../openReview';
import type { OpenReview } from '../schema-types';
import type { Generation } from '../stories';
import type { StoryRevisions } from '../storyRevisions';
import { empty, ID, reviewDraft, schema } from './schemaParts';

const reviewOnly = {
  reviewId: { type: 'string', pattern: ID },
} as const;

export const reviewSchemas = {
  'generation:derive': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'prompt', 'deriveStories'],
    properties: {
      id: { type: 'string', pattern: ID },
      prompt: { type: 'string', minLength: 1, maxLength: 200_000 },
      /** The "Derive user stories" checkbox: stories schema when true, a plain markdown answer when false. */
      deriveStories: { type: 'boolean' },
      model: { type: 'string', maxLength: 200 },
    },
  }),
  'generation:modify': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'parentId', 'feedback', 'stories'],
    properties: {
      id: { type: 'string', pattern: ID },
      parentId: { type: 'string', pattern: ID },
      feedback: { type: 'string', minLength: 1, maxLength: 50_000 },
      stories: { type: 'array', maxItems: 200, items: reviewDraft },
      model: { type: 'string', maxLength: 200 },
    },
  }),
  'generation:cancel': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: { id: { type: 'string', pattern: ID } },
  }),
  /**
   * A modify round on the stories of a stored generation (`generationId`, else the latest succeeded derive or
   * modify): the stories locked there stay locked, plus the 1-based positions in `lock`.
   */
  'generation:modifyStored': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'feedback'],
    properties: {
      id: { type: 'string', pattern: ID },
      generationId: { type: 'string', pattern: ID },
      feedback: { type: 'string', minLength: 1, maxLength: 50_000 },
      lock: { type: 'array', maxItems: 200, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
      model: { type: 'string', maxLength: 200 },
    },
  }),
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
  /** The review the user had open in this project (the last saved), or null. */
  'review:get': empty,
  /** Saves the open review as it is now; it replaces any other open review of the project. */
  'review:save': schema({
    type: 'object',
    additionalProperties: false,
    required: ['review'],
    properties: {
      review: {
        type: 'object',
        additionalProperties: false,
        required: OPEN_REVIEW_REQUIRED,
        properties: openReviewProperties,
      },
    },
  }),
  /** The review was closed (dismissed, or every story decided and added): nothing to restore any more. */
  'review:close': empty,
} as const;

export interface ReviewResponses {
  /** Resolve when the generation ends (any status); progress arrives meanwhile as events. */
  'generation:derive': Generation;
  'generation:modify': Generation;
  'generation:cancel': { cancelled: boolean };
  'generation:modifyStored': Generation;
  /** Resolves when the call ends (any status); `stories` is the whole round with the one story replaced. */
  'generation:regenerateStory': Generation;
  'storyRevisions:get': StoryRevisions | null;
  'storyRevisions:restore': StoryRevisions;
  'review:get': OpenReview | null;
  'review:save': OpenReview;
  'review:close': { closed: boolean };
}
