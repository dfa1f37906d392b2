/** Building blocks of the contract's request schemas (kept apart so the contract reads as a list of channels). */
import type { JSONSchema } from 'json-schema-to-ts';
import { ID_PATTERN } from '../ids';
import { STORY_DRAFT_FIELDS, storyDraftProperties } from '../stories';

/** Keeps a schema's literal type, so FromSchema can derive the request type from it. */
export const schema = <const S extends JSONSchema>(s: S): S => s;
export const empty = schema({ type: 'object', additionalProperties: false, properties: {} });
/** Ids become file names in the store: the one id rule of src/shared/ids.ts. */
export const ID = ID_PATTERN;
export const storyDraft = schema({
  type: 'object',
  additionalProperties: false,
  required: STORY_DRAFT_FIELDS,
  properties: storyDraftProperties,
});
export const reviewDraft = schema({
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description', 'acceptanceCriteria', 'locked'],
  properties: { ...storyDraft.properties, locked: { type: 'boolean' } },
});
export const sprintOnly = schema({
  type: 'object',
  additionalProperties: false,
  required: ['sprintId'],
  properties: { sprintId: { type: 'string', pattern: ID } },
});
export const storedStory = schema({
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'description', 'acceptanceCriteria', 'status', 'createdAt', 'updatedAt'],
  properties: {
    ...storyDraft.properties,
    id: { type: 'string', pattern: ID },
    status: { enum: ['pending', 'in_progress', 'done', 'archived'] },
    createdAt: { type: 'string', maxLength: 64 },
    updatedAt: { type: 'string', maxLength: 64 },
    generationId: { type: 'string', pattern: ID },
  },
});
/** Paths or gitignore-style patterns relative to the project (project settings' neverTouch, allowSensitive). */
export const projectPathList = schema({
  type: 'array',
  maxItems: 200,
  items: { type: 'string', minLength: 1, maxLength: 1_000 },
});
