/**
 * The registry of structured-output schemas: workflow schema name → schema + envelope key.
 * The CLI needs an object root, so outputs that are naturally an array or a string travel in an envelope
 * (`{stories: [...]}`, `{title: "..."}`) and sendPrompt unwraps it for the caller.
 */
import type { SchemaOutputs } from '../../shared/schema-types';
import ambiguities from '../schemas/ambiguities.schema.json';
import assertions from '../schemas/assertions.schema.json';
import planRefinement from '../schemas/plan-refinement.schema.json';
import plan from '../schemas/plan.schema.json';
import reverse from '../schemas/reverse.schema';
import ris from '../schemas/ris.schema.json';
import sprintAssertions from '../schemas/sprint-assertions.schema.json';
import stories from '../schemas/stories.schema';
import title from '../schemas/title.schema.json';

/** A JSON Schema document as plain data (what `--json-schema` receives, serialised). */
export type JsonSchema = Record<string, unknown>;

export type SchemaName = keyof SchemaOutputs;

/** Envelope key of each schema that has one. */
const ENVELOPES = { stories: 'stories', title: 'title', reverse: 'stories' } as const satisfies Partial<
  Record<SchemaName, string>
>;
type Envelopes = typeof ENVELOPES;

/** What the caller gets after unwrapping: `stories` → the story array, `title` → the string, others as-is. */
export type SchemaData<N extends SchemaName> = N extends keyof Envelopes
  ? SchemaOutputs[N][Envelopes[N] & keyof SchemaOutputs[N]]
  : SchemaOutputs[N];

export interface SchemaEntry {
  name: SchemaName;
  schema: JsonSchema;
  envelope?: string;
}

const DOCUMENTS: Record<SchemaName, JsonSchema> = {
  ambiguities,
  assertions,
  'plan-refinement': planRefinement,
  plan,
  reverse,
  ris,
  'sprint-assertions': sprintAssertions,
  stories,
  title,
};

export const SCHEMA_NAMES = Object.keys(DOCUMENTS) as SchemaName[];

export function isSchemaName(name: string): name is SchemaName {
  return Object.hasOwn(DOCUMENTS, name);
}

export function getSchema(name: SchemaName): SchemaEntry {
  const envelope = (ENVELOPES as Partial<Record<SchemaName, string>>)[name];
  return envelope ? { name, schema: DOCUMENTS[name], envelope } : { name, schema: DOCUMENTS[name] };
}
