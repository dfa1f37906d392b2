/**
 * Contract channels of assertions: a story's stored set listed and run, a result's location shown, and any set
 * evaluated against a project folder (the command line's `assertions evaluate`).
 */
import type { AssertionStatus, RunSummary, SourceLocation, StoryAssertionsView } from '../assertions';
import { empty, ID, schema } from './schemaParts';

/** Story ids of assertion sets become file names: the one id rule (as in `assertions:run`). */
const STORY_ID = ID;

/** The envelope of one assertion; type-specific fields are checked per assertion when it is evaluated. */
const rawAssertion = schema({
  type: 'object',
  required: ['id', 'type', 'target'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 200 },
    type: { type: 'string', minLength: 1, maxLength: 100 },
    target: { type: 'string', minLength: 1, maxLength: 4096 },
    message: { type: 'string', maxLength: 5_000 },
    criterion: { anyOf: [{ type: 'string', maxLength: 5_000 }, { type: 'number' }] },
  },
});

export const assertionSchemas = {
  'assertions:list': empty,
  'assertions:run': schema({
    type: 'object',
    additionalProperties: false,
    required: ['storyId'],
    properties: {
      storyId: { type: 'string', pattern: ID },
      assertionIds: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', maxLength: 200 } },
    },
  }),
  'assertions:openLocation': schema({
    type: 'object',
    additionalProperties: false,
    required: ['file'],
    properties: {
      file: { type: 'string', minLength: 1, maxLength: 4096 },
      line: { type: 'integer', minimum: 1 },
    },
  }),
  /**
   * Evaluates assertions against a project folder: a given list, or the story's stored set
   * (`.puffin/assertions/<storyId>.json`, whose run is appended to its results unless `save` is false).
   */
  'assertions:evaluate': schema({
    type: 'object',
    additionalProperties: false,
    required: ['project'],
    properties: {
      project: { type: 'string', minLength: 1, maxLength: 4096 },
      storyId: { type: 'string', pattern: STORY_ID },
      assertions: { type: 'array', maxItems: 1000, items: rawAssertion },
      save: { type: 'boolean' },
    },
  }),
} as const;

export interface EvaluatedAssertion {
  id: string;
  type: string;
  target: string;
  message: string;
  criterion?: string | number;
  status: AssertionStatus;
  reason: string;
  location: SourceLocation | null;
  durationMs: number;
}

export interface AssertionsEvaluation {
  project: string;
  storyId?: string;
  results: EvaluatedAssertion[];
  summary: RunSummary;
  commit: string | null;
  startedAt: string;
  durationMs: number;
  /** The results file the run was appended to; null when not saved. */
  saved: string | null;
  warnings: string[];
}

export interface AssertionResponses {
  'assertions:list': StoryAssertionsView[];
  /** The story's refreshed view after the run was stored. */
  'assertions:run': StoryAssertionsView;
  /**
   * `opened`: the file was shown selected in the system's file manager (never run with its default app); false
   * where no desktop shell exists (browser host): show `path` instead.
   */
  'assertions:openLocation': { opened: boolean; path: string };
  'assertions:evaluate': AssertionsEvaluation;
}
