/** `sprints/<id>.json`: a sprint (a set of backlog stories planned together). */
import { SPRINT_STATUSES } from '../../../shared/plans';
import { DRAFT_07, id, record, text, time } from './parts';

export default {
  $schema: DRAFT_07,
  ...record('Sprint', {
    id,
    title: text,
    storyIds: { type: 'array', items: id },
    status: { type: 'string', enum: SPRINT_STATUSES },
    createdAt: time,
    updatedAt: time,
  }),
};
