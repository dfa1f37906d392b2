/** `plans/<sprintId>.json`: every plan revision of a sprint (none is ever dropped), the current one, the approval. */
import { REVISION_KINDS } from '../../../shared/plans';
import planRefinement from '../plan-refinement.schema.json';
import plan from '../plan.schema.json';
import { groundingRecord } from './grounding';
import { DRAFT_07, generationMeta, id, record, storedAs, text, texts, time } from './parts';

const revisionNumber = { type: 'integer', minimum: 1 } as const;

const revision = record(
  'PlanRevision',
  {
    number: { ...revisionNumber, description: '1-based, in creation order; never reused.' },
    kind: { type: 'string', enum: REVISION_KINDS },
    createdAt: time,
    plan: storedAs('Plan', plan),
    changelog: texts,
    followUpQuestions: {
      type: 'array',
      items: storedAs('FollowUpQuestion', planRefinement.properties.followUpQuestions.items),
    },
    feedback: text,
    restoredFrom: { ...revisionNumber, description: 'For `restored`: the revision it copies.' },
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
      approved: record('PlanApproval', { revision: revisionNumber, at: time }),
    },
    ['approved'],
  ),
};
