/** `stories/<id>.json`: a story of the backlog. */
import { STORY_STATUSES, storyDraftProperties } from '../../../shared/stories';
import { DRAFT_07, id, record, time } from './parts';

export default {
  $schema: DRAFT_07,
  ...record(
    'Story',
    {
      id,
      ...storyDraftProperties,
      status: { type: 'string', enum: STORY_STATUSES },
      createdAt: time,
      updatedAt: time,
      generationId: { ...id, description: 'The generation it was accepted from, when it came from one.' },
    },
    ['generationId'],
  ),
};
