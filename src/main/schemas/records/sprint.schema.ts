/** `sprints/<id>.json`: a sprint (a set of backlog stories planned together). */
import { SPRINT_STATUSES } from '../../../shared/plans';
import { DRAFT_07, id, nullable, record, text, time } from './parts';

export default {
  $schema: DRAFT_07,
  ...record(
    'Sprint',
    {
      id,
      title: text,
      storyIds: { type: 'array', items: id },
      status: { type: 'string', enum: SPRINT_STATUSES },
      createdAt: time,
      updatedAt: time,
      /** What the sprint's model calls may cost in all, in USD; null or absent: no limit. */
      budgetUsd: nullable({ type: 'number', exclusiveMinimum: 0 }),
      /** HEAD when the sprint was created: what "files changed since the sprint started" compares with. */
      startCommit: nullable(text),
    },
    ['budgetUsd', 'startCommit'],
  ),
};
