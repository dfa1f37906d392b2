/**
 * Contract channels of the backlog: stories listed by page (a large backlog never travels whole in one answer),
 * accepted from a review, edited, archived, deleted and restored; and a story's earlier texts (what a sync or an
 * import replaced), to read and restore.
 */
import type { StoryVersions } from '../schema-types';
import { STORY_STATUSES, type Story } from '../stories';
import type { StoryPage } from '../storyPage';
import { STORY_PAGE_LIMITS } from '../storyPage';
import { empty, ID, schema, storedStory, storyDraft } from './schemaParts';

export const backlogSchemas = {
  'stories:list': empty,
  'stories:accept': schema({
    type: 'object',
    additionalProperties: false,
    required: ['drafts'],
    properties: {
      generationId: { type: 'string', pattern: ID },
      drafts: { type: 'array', minItems: 1, maxItems: 200, items: storyDraft },
    },
  }),
  'stories:update': schema({
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
          ...storyDraft.properties,
          status: { enum: ['pending', 'in_progress', 'done', 'archived'] },
        },
      },
    },
  }),
  /** One status for many stories in one request (bulk archive): one write each, one stories:changed. */
  'stories:setStatus': schema({
    type: 'object',
    additionalProperties: false,
    required: ['ids', 'status'],
    properties: {
      ids: { type: 'array', minItems: 1, maxItems: 10_000, items: { type: 'string', pattern: ID } },
      status: { enum: ['pending', 'in_progress', 'done', 'archived'] },
    },
  }),
  'stories:delete': schema({
    type: 'object',
    additionalProperties: false,
    required: ['ids'],
    properties: {
      ids: { type: 'array', minItems: 1, maxItems: 10_000, items: { type: 'string', pattern: ID } },
    },
  }),
  /** Undo of a delete: puts the exact records back. */
  'stories:restore': schema({
    type: 'object',
    additionalProperties: false,
    required: ['stories'],
    properties: { stories: { type: 'array', minItems: 1, maxItems: 10_000, items: storedStory } },
  }),
  /**
   * One page of the backlog (oldest first) with the counts the list shows: only the `statuses` given (all when
   * left out) and, with `query`, the stories whose title, description or criteria hold every word of it.
   */
  'stories:page': schema({
    type: 'object',
    additionalProperties: false,
    properties: {
      offset: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: 1, maximum: STORY_PAGE_LIMITS.max },
      statuses: {
        type: 'array',
        maxItems: STORY_STATUSES.length,
        uniqueItems: true,
        items: { type: 'string', enum: STORY_STATUSES },
      },
      query: { type: 'string', maxLength: 1_000 },
    },
  }),
  /** The story's earlier texts, oldest first: each one a sync, an import or a restore replaced. */
  'storyVersions:get': schema({
    type: 'object',
    additionalProperties: false,
    required: ['storyId'],
    properties: { storyId: { type: 'string', pattern: ID } },
  }),
  /** That earlier text becomes the story's again; the text it replaces is kept as a version too. */
  'storyVersions:restore': schema({
    type: 'object',
    additionalProperties: false,
    required: ['storyId', 'number'],
    properties: { storyId: { type: 'string', pattern: ID }, number: { type: 'integer', minimum: 1 } },
  }),
} as const;

export interface BacklogResponses {
  /** The whole backlog: for a face inside the process (the command line); the app and the host page it. */
  'stories:list': Story[];
  'stories:accept': Story[];
  'stories:update': Story;
  /** The stories as stored with their new status. */
  'stories:setStatus': Story[];
  /** The deleted records, so the renderer can offer undo (stories:restore). */
  'stories:delete': Story[];
  'stories:restore': Story[];
  'stories:page': StoryPage;
  'storyVersions:get': StoryVersions;
  'storyVersions:restore': Story;
}
