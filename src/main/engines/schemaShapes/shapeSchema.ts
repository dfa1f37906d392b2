/**
 * A copy of the schema shaped by simple rules (keywords dropped, objects closed, every property required), for a
 * provider whose request refuses some keywords (Anthropic's native mode: numeric, string-length and array-size
 * constraints). OpenAI strict mode and Gemini have their own shapes (openai/openAiStrict.ts, gemini/geminiSchema.ts). The ORIGINAL schema stays what the answer is validated against
 * (sendPrompt's checkAnswer), so enums, ranges and array sizes still hold whatever the provider was sent.
 */
import type { JsonSchema } from '../../llm/schemas';
import { isNode as isObj, type SchemaNode as Obj } from './schemaNodes';

export interface SchemaShaping {
  /** Keywords removed everywhere (e.g. minimum, maxLength). */
  drop?: readonly string[];
  /** `minItems` above this is removed (Anthropic accepts 0 and 1 only). */
  maxMinItems?: number;
  /** Every object gets `additionalProperties: false`. */
  closeObjects?: boolean;
  /** Every object lists all its properties as required (OpenAI strict). */
  requireAll?: boolean;
}

/** Keywords whose value is one subschema. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
/** Keywords whose value is a list of subschemas. */
const LIST = ['anyOf', 'oneOf', 'allOf'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'definitions', '$defs', 'patternProperties'];

export function shapeSchema(schema: JsonSchema, how: SchemaShaping): JsonSchema {
  return shape(schema, how) as JsonSchema;
}

function shape(node: unknown, how: SchemaShaping): unknown {
  if (Array.isArray(node)) return node.map((n) => shape(n, how));
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [key, value] of Object.entries(node)) {
    if (how.drop?.includes(key)) continue;
    if (key === 'minItems' && how.maxMinItems !== undefined && Number(value) > how.maxMinItems) continue;
    if (ONE.includes(key) || LIST.includes(key)) out[key] = shape(value, how);
    else if (MAP.includes(key) && isObj(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v, how)]));
    else out[key] = value;
  }
  const isObjectSchema = out.type === 'object' || isObj(out.properties);
  if (isObjectSchema && how.closeObjects && !isObj(out.additionalProperties))
    out.additionalProperties = false;
  if (isObjectSchema && how.requireAll && isObj(out.properties)) out.required = Object.keys(out.properties);
  return out;
}
