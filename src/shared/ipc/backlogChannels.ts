/**
 * Contract channels of the backlog listed by page (a large backlog never travels whole in one answer), and of a
 * story's earlier texts (what a sync or an import replaced), to read and restore.
 */
import type { StoryVersions } from '../schema-types';
import type { Story } from '../stories';
import { STORY_STATUSES } from '../stories';
import type { StoryPage } from '../storyPage';
import { STORY_PAGE_LIMITS } from '../storyPage';
import { ID, schema } from './schemaParts';

export const backlogSchemas = {
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
  'stories:page': StoryPage;
  'storyVersions:get': StoryVersions;
  'storyVersions:restore': Story;
}
