/**
 * `open-review/<generationId>.json`: the stories review the user has open, saved as it changes (decisions and
 * unsaved edits; src/shared/openReview.ts) and restored when the project opens again. At most one per project.
 */
import { OPEN_REVIEW_REQUIRED, openReviewProperties } from '../../../shared/openReview';
import { DRAFT_07, time } from './parts';

export default {
  $schema: DRAFT_07,
  title: 'OpenReview',
  type: 'object',
  additionalProperties: false,
  required: [...OPEN_REVIEW_REQUIRED, 'savedAt'],
  properties: { ...openReviewProperties, savedAt: time },
};
