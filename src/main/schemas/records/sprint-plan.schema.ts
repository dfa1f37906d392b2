/** `plans/<sprintId>.json`: every plan revision of a sprint (none is ever dropped), the current one, the approval. */
import { REVISION_KINDS } from '../../../shared/plans';
import planRefinement from '../plan-refinement.schema.json';
import plan from '../plan.schema.json';
import { groundingRecord } from './grounding';
import {
  DRAFT_07,
  generationMeta,
  id,
  record,
  restoredFrom,
  revisionHead,
  revisionNumber,
  storedAs,
  text,
  texts,
  time,
} from './parts';

const revision = record(
  'PlanRevision',
  {
    ...revisionHead(REVISION_KINDS),
    plan: storedAs('Plan', plan),
    changelog: texts,
    followUpQuestions: {
      type: 'array',
      items: storedAs('FollowUpQuestion', planRefinement.properties.followUpQuestions.items),
    },
    feedback: text,
    restoredFrom,
    regeneratedStoryId: { ...id, description: 'For `item_regenerated`: the story whose item was redone.' },
    meta: generationMeta,
    grounding: groundingRecord,
  },
  ['feedback', 'restoredFrom', 'regeneratedStoryId', 'meta', 'grounding'],
);

export default {
  $schema: DRAFT_07,
  ...record(
    'SprintPlan',
    {
      sprintId: id,
      revisions: { type: 'array', minItems: 1, items: revision },
      current: revisionNumber,
      approved: record(
        'PlanApproval',
        {
          revision: revisionNumber,
          at: time,
          existed: {
            ...texts,
            description:
              'The files the approved revision names (as written) that existed when it was approved: its file ' +
              'checks compare against these, not against the work done since.',
          },
        },
        ['existed'],
      ),
    },
    ['approved'],
  ),
};
