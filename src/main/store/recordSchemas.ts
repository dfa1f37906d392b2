/**
 * The JSON Schema of every record of the project store (src/main/schemas/records), validated by the same Ajv as
 * the workflow outputs (llm/validate.ts) on every read and write. Their TypeScript types are generated from the
 * same schemas (RecordTypes in src/shared/schema-types.ts).
 */
import type { RecordTypes } from '../../shared/schema-types';
import { STORY_DRAFT_FIELDS, storyDraftProperties } from '../../shared/stories';
import type { JsonSchema } from '../llm/schemas';
import { validate } from '../llm/validate';
import assertionHistory from '../schemas/records/assertion-history.schema';
import assertionSet from '../schemas/records/assertion-set.schema';
import generation from '../schemas/records/generation.schema';
import githubLinks from '../schemas/records/github-links.schema';
import openReview from '../schemas/records/open-review.schema';
import { without } from '../schemas/records/parts';
import projectSettings from '../schemas/records/project-settings.schema';
import sprintPlan from '../schemas/records/sprint-plan.schema';
import sprintQuestions from '../schemas/records/sprint-questions.schema';
import sprintSpecs from '../schemas/records/sprint-specs.schema';
import sprint from '../schemas/records/sprint.schema';
import storeMeta from '../schemas/records/store-meta.schema';
import storyRis from '../schemas/records/story-ris.schema';
import storyImports from '../schemas/records/story-imports.schema';
import storyVersions from '../schemas/records/story-versions.schema';
import storyRevisions from '../schemas/records/story-revisions.schema';
import story from '../schemas/records/story.schema';
import trackerLinks from '../schemas/records/tracker-links.schema';
import type { RecordCheck } from './recordFile';

export type RecordName = keyof RecordTypes;

/** Keywords only the type generator reads; Ajv (strict) would refuse them. */
const GENERATOR_ONLY = new Set(['tsType']);

const DOCUMENTS: Record<RecordName, JsonSchema> = {
  'assertion-history': assertionHistory,
  'assertion-set': assertionSet,
  generation,
  'github-links': githubLinks,
  'open-review': openReview,
  'project-settings': projectSettings,
  'sprint-plan': sprintPlan,
  'sprint-questions': sprintQuestions,
  'sprint-specs': sprintSpecs,
  sprint,
  'store-meta': storeMeta,
  'story-imports': storyImports,
  'story-versions': storyVersions,
  'story-revisions': storyRevisions,
  'story-ris': storyRis,
  story,
  'tracker-links': trackerLinks,
};

const compiled = new Map<RecordName, JsonSchema>();

/** The schema of a record as Ajv validates it. */
export function recordSchema(name: RecordName): JsonSchema {
  let schema = compiled.get(name);
  if (!schema) compiled.set(name, (schema = without(DOCUMENTS[name], GENERATOR_ONLY)));
  return schema;
}

/** Errors shown in a problem's reason; a file that fails usually fails for one reason. */
const SHOWN = 3;

function problemOf(schema: JsonSchema, value: unknown): string | null {
  const result = validate(schema, value);
  if (result.ok) return null;
  const more = result.errors.length > SHOWN ? ` (and ${result.errors.length - SHOWN} more)` : '';
  return result.errors.slice(0, SHOWN).join('; ') + more;
}

/** Validation of one record type, as the store's check: null, or why the value is not such a record. */
export function recordCheck(name: RecordName): RecordCheck {
  return (value) => problemOf(recordSchema(name), value);
}

const storyDraft: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...STORY_DRAFT_FIELDS],
  properties: storyDraftProperties,
};

/** A complete story draft (the one draft shape, with its limits), or why the value is not one. */
export const draftProblem: RecordCheck = (value) => problemOf(storyDraft, value);
