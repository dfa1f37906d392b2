/**
 * The schema as OpenAI's strict structured outputs accept it (response_format json_schema and strict function
 * tools): every object lists all its properties in `required` and says `additionalProperties: false`, so an
 * optional property becomes a required one that may be null; `oneOf` becomes `anyOf`, `const` a one-value `enum`;
 * keywords strict mode rejects on many models and servers (lengths, patterns, formats, ranges, array sizes) are
 * left out. Always built on a copy: the answer is validated afterwards against the ORIGINAL schema, so enums,
 * ranges and array sizes still hold, and the nulls added here are taken out first (introducedNulls.ts).
 *
 * A schema strict mode cannot express (an open map, a tuple, allOf/not/if) is sent with `strict: false`: the
 * server then treats it as guidance, and local validation still decides.
 */
import type { JsonSchema } from '../../llm/schemas';
import { isNode, typesOf, type SchemaNode } from '../schemaShapes/schemaNodes';

/** Constraint keywords dropped for strict mode (enforced locally instead). */
export const STRICT_DROPPED_KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'default',
  'examples',
  '$comment',
  '$schema',
  '$id',
] as const;

/** Keywords strict mode has no equivalent for: their presence turns strict off. */
const UNEXPRESSIBLE = ['allOf', 'not', 'if', 'then', 'else', 'patternProperties', 'dependencies', 'contains'];

export interface StrictSchema {
  schema: JsonSchema;
  /** false when the schema cannot be expressed in strict mode (see the module comment). */
  strict: boolean;
  /** What was left out or could not be expressed, for the activity log. */
  notes: string[];
}

export function toOpenAiStrictSchema(original: JsonSchema): StrictSchema {
  const copy = structuredClone(original);
  const notes = new Set<string>();
  const state = { strict: true };
  const schema = strictNode(copy, notes, state);
  return { schema, strict: state.strict, notes: [...notes] };
}

function strictNode(node: SchemaNode, notes: Set<string>, state: { strict: boolean }): SchemaNode {
  const out: SchemaNode = { ...node };
  for (const keyword of STRICT_DROPPED_KEYWORDS) {
    if (keyword in out) {
      delete out[keyword];
      if (!keyword.startsWith('$')) notes.add(`dropped ${keyword}`);
    }
  }
  for (const keyword of UNEXPRESSIBLE) {
    if (keyword in out) unexpressible(`${keyword}`, notes, state);
  }
  if ('const' in out) {
    out.enum = [out.const];
    delete out.const;
  }
  if (Array.isArray(out.oneOf)) {
    out.anyOf = out.oneOf;
    delete out.oneOf;
  }
  if (Array.isArray(out.anyOf))
    out.anyOf = out.anyOf.map((b) => (isNode(b) ? strictNode(b, notes, state) : b));
  for (const defsKey of ['definitions', '$defs']) {
    const defs = out[defsKey];
    if (isNode(defs)) {
      out[defsKey] = Object.fromEntries(
        Object.entries(defs).map(([name, def]) => [name, isNode(def) ? strictNode(def, notes, state) : def]),
      );
    }
  }
  if (Array.isArray(out.items)) unexpressible('tuple items', notes, state);
  else if (isNode(out.items)) out.items = strictNode(out.items, notes, state);
  if (typesOf(out).includes('object') || isNode(out.properties)) strictObject(out, notes, state);
  return out;
}

function strictObject(out: SchemaNode, notes: Set<string>, state: { strict: boolean }): void {
  const properties = isNode(out.properties) ? out.properties : undefined;
  const extra = out.additionalProperties;
  if (!properties || Object.keys(properties).length === 0) {
    // An object without named properties is a free map, unless it is explicitly closed ({}).
    if (extra !== false) return unexpressible('an object without named properties', notes, state);
  } else if (isNode(extra) || extra === true) {
    unexpressible('additionalProperties with named properties', notes, state);
  }
  const required = new Set(Array.isArray(out.required) ? out.required : []);
  const strictProperties: SchemaNode = {};
  for (const [name, prop] of Object.entries(properties ?? {})) {
    if (!isNode(prop)) {
      strictProperties[name] = prop;
      continue;
    }
    const shaped = strictNode(prop, notes, state);
    strictProperties[name] = required.has(name) ? shaped : nullable(shaped);
  }
  out.properties = strictProperties;
  out.required = Object.keys(strictProperties);
  out.additionalProperties = false;
}

/** The schema, also accepting null (how strict mode spells "optional"). */
export function nullable(node: SchemaNode): SchemaNode {
  const types = typesOf(node);
  if (typeof node.$ref === 'string' || (types.length === 0 && !Array.isArray(node.anyOf))) {
    if (Array.isArray(node.enum) && types.length === 0) {
      return node.enum.includes(null) ? node : { ...node, enum: [...(node.enum as unknown[]), null] };
    }
    return { anyOf: [node, { type: 'null' }] };
  }
  if (Array.isArray(node.anyOf)) {
    const hasNull = node.anyOf.some((b) => isNode(b) && typesOf(b).includes('null'));
    return hasNull ? node : { ...node, anyOf: [...(node.anyOf as unknown[]), { type: 'null' }] };
  }
  const out: SchemaNode = { ...node, type: types.includes('null') ? node.type : [...types, 'null'] };
  if (Array.isArray(node.enum) && !node.enum.includes(null)) out.enum = [...(node.enum as unknown[]), null];
  return out;
}

function unexpressible(what: string, notes: Set<string>, state: { strict: boolean }): void {
  state.strict = false;
  notes.add(`strict mode cannot express ${what}: sent with strict false`);
}
