/** Contract channels of the open stories review, saved as it changes and restored after a reload. */
import { OPEN_REVIEW_REQUIRED, openReviewProperties } from '../openReview';
import type { OpenReview } from '../schema-types';
import { empty, schema } from './schemaParts';

export const openReviewSchemas = {
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

export interface OpenReviewResponses {
  'review:get': OpenReview | null;
  'review:save': OpenReview;
  'review:close': { closed: boolean };
}
