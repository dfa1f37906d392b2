/** Contract channels of the plans journey: sprints, ambiguity questions, plan revisions, approval, specs, export. */
import type { Sprint, SprintDetail } from '../plans';
import { empty, ID, schema, sprintOnly } from './schemaParts';

export const planSchemas = {
  'sprints:list': empty,
  'sprints:create': schema({
    type: 'object',
    additionalProperties: false,
    required: ['storyIds'],
    properties: {
      storyIds: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        uniqueItems: true,
        items: { type: 'string', pattern: ID },
      },
      /** Optional; a title is generated otherwise. */
      title: { type: 'string', minLength: 1, maxLength: 200 },
    },
  }),
  'sprints:update': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'patch'],
    properties: {
      id: { type: 'string', pattern: ID },
      patch: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 200 },
          status: { enum: ['open', 'closed', 'archived'] },
          /** What the sprint's model calls may cost in USD; null removes the limit. */
          budgetUsd: {
            anyOf: [{ type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 }, { type: 'null' }],
          },
        },
      },
    },
  }),
  'sprints:get': sprintOnly,
  /** Analyses ambiguities; when there are none, goes straight on to generate the plan. */
  'plan:analyze': sprintOnly,
  'plan:answer': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'answers'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      answers: {
        type: 'object',
        maxProperties: 100,
        propertyNames: { pattern: ID },
        additionalProperties: { type: 'string', maxLength: 10_000 },
      },
    },
  }),
  'plan:generate': sprintOnly,
  'plan:refine': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'feedback'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      feedback: { type: 'string', minLength: 1, maxLength: 50_000 },
    },
  }),
  'plan:regenerateItem': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'storyId'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      storyId: { type: 'string', pattern: ID },
      feedback: { type: 'string', maxLength: 50_000 },
    },
  }),
  'plan:restore': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'revision'],
    properties: { sprintId: { type: 'string', pattern: ID }, revision: { type: 'integer', minimum: 1 } },
  }),
  /** Refused while the dependency graph has errors; file mismatches need `acceptFileMismatches`. */
  'plan:approve': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId'],
    properties: { sprintId: { type: 'string', pattern: ID }, acceptFileMismatches: { type: 'boolean' } },
  }),
  /**
   * RIS per story, then assertions per story, then the sprint assertions (or only `steps`); `plan:progress`.
   * `onlyMissing`: only the calls whose last run failed or that have no result yet (a failed step reruns alone).
   */
  'plan:specs': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      steps: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { enum: ['ris', 'assertions', 'sprint_assertions'] },
      },
      onlyMissing: { type: 'boolean' },
    },
  }),
  'plan:cancel': sprintOnly,
  /** Writes docs/puffin/<sprint-slug>.md in the project. */
  'plan:export': sprintOnly,
} as const;

export interface PlanResponses {
  'sprints:list': Sprint[];
  'sprints:create': Sprint;
  'sprints:update': Sprint;
  'sprints:get': SprintDetail;
  'plan:analyze': SprintDetail;
  'plan:answer': SprintDetail;
  'plan:generate': SprintDetail;
  'plan:refine': SprintDetail;
  'plan:regenerateItem': SprintDetail;
  'plan:restore': SprintDetail;
  'plan:approve': SprintDetail;
  /** Resolves when every step ended; partial results are kept when a step fails or is cancelled. */
  'plan:specs': SprintDetail;
  'plan:cancel': { cancelled: boolean };
  /** Path of the written file, relative to the project. */
  'plan:export': { path: string };
}
