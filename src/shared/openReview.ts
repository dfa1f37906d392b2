/**
 * The stories review the user has open (the round's stories with their decisions and unsaved edits), kept in the
 * project store as it changes so that a reload or a closed tab loses nothing. One JSON Schema
 * serves the contract (review:save) and the stored record (`.puffin/open-review/<generationId>.json`); the title
 * may be empty while the user edits it, so the draft here is looser than a story's.
 */
import { ID_PATTERN } from './ids';
import { STORY_DRAFT_FIELDS, STORY_DRAFT_LIMITS, storyDraftProperties } from './stories';

export const REVIEW_DECISIONS = ['pending', 'accepted', 'rejected'] as const;

/** A story draft as the user edits it: a story's draft, except that the title may be empty meanwhile. */
const editedDraft = {
  type: 'object',
  additionalProperties: false,
  required: STORY_DRAFT_FIELDS,
  properties: {
    ...storyDraftProperties,
    title: { type: 'string', maxLength: STORY_DRAFT_LIMITS.title },
  },
} as const;

/** The open review as the renderer sends it (main adds savedAt when it stores it). */
export const openReviewProperties = {
  generationId: { type: 'string', pattern: ID_PATTERN },
  /** The review whose revisions the round belongs to; absent for a generation from before reviews kept them. */
  reviewId: { type: 'string', pattern: ID_PATTERN },
  round: { type: 'integer', minimum: 1 },
  /** The round ended early (cancelled): only the stories complete then are here. */
  partial: { type: 'boolean' },
  items: {
    type: 'array',
    maxItems: 200,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['draft', 'decision'],
      properties: { draft: editedDraft, decision: { type: 'string', enum: REVIEW_DECISIONS } },
    },
  },
} as const;

export const OPEN_REVIEW_REQUIRED = ['generationId', 'round', 'partial', 'items'] as const;
