/**
 * `history/<id>.json`: one prompt and its answer, a stories-journey generation or one CLI call of the plans
 * journey. Its raw CLI lines sit beside it in `history/<id>.raw.jsonl` (plain lines, not a record).
 */
import {
  GENERATION_KINDS,
  GENERATION_SOURCES,
  GENERATION_STATUSES,
  STORY_DRAFT_FIELDS,
  storyDraftProperties,
} from '../../../shared/stories';
import { groundingRecord } from './grounding';
import { DRAFT_07, generationMeta, id, record, text, texts, time } from './parts';

export const reviewDraft = {
  title: 'ReviewDraft',
  description:
    'A draft under review: `locked` drafts were accepted and must come back unchanged from a modify round.',
  type: 'object',
  additionalProperties: false,
  required: [...STORY_DRAFT_FIELDS, 'locked'],
  properties: { ...storyDraftProperties, locked: { type: 'boolean' } },
};

/**
 * A failed call's error as the app reports it (IpcErrorData: a code of src/shared/errors.ts and its details). On
 * disk the code is any string: a record written before a code was renamed still loads.
 */
const error = {
  ...record(undefined, { code: text, message: text, details: {} }, ['details']),
  tsType: "import('./ipc/errors').IpcErrorData",
};

export default {
  $schema: DRAFT_07,
  ...record(
    'Generation',
    {
      id,
      kind: { type: 'string', enum: GENERATION_KINDS },
      title: { ...text, description: 'Short generated title (or a local fallback when the CLI fails).' },
      prompt: text,
      feedback: text,
      parentId: { ...id, description: 'The previous round, for modify rounds.' },
      reviewId: {
        ...id,
        description: 'Stories rounds: the review they belong to (its revisions are kept by it).',
      },
      sprintId: { ...id, description: 'Plans-journey calls: the sprint the call was for.' },
      model: text,
      status: { type: 'string', enum: GENERATION_STATUSES },
      createdAt: time,
      finishedAt: time,
      source: { type: 'string', enum: GENERATION_SOURCES },
      warnings: texts,
      meta: generationMeta,
      stories: {
        type: 'array',
        description: 'derive/modify: the stories (on cancel: those complete when it stopped).',
        items: reviewDraft,
      },
      markdown: {
        ...text,
        description: 'prompt: the answer as markdown; implement: the verdict on its branch.',
      },
      error,
      grounding: groundingRecord,
      owner: record('RunOwner', {
        pid: { type: 'integer' },
        host: text,
        startedAt: { ...time, description: 'A reused pid has another start time.' },
      }),
    },
    [
      'feedback',
      'parentId',
      'reviewId',
      'sprintId',
      'model',
      'finishedAt',
      'source',
      'stories',
      'markdown',
      'error',
      'grounding',
      'owner',
    ],
  ),
};
