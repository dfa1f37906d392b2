/**
 * The schema in the OpenAPI 3.0 subset Gemini's `responseSchema` (and function `parameters`) accepts: upper-case
 * types, `nullable` instead of a null type, `anyOf` instead of oneOf, string-only enums, no `$ref` (inlined), no
 * `additionalProperties`, and `propertyOrdering` set to the schema's own order so the answer streams in that order.
 * Kept: descriptions, required, items, array sizes and numeric ranges; left out: string lengths, patterns and
 * formats other than date-time. Built on a copy; the answer is validated against the ORIGINAL schema afterwards.
 */
import type { JsonSchema } from '../../llm/schemas';
import { isNode, resolveRef, typesOf, type SchemaNode } from '../schemaShapes/schemaNodes';

const TYPES: Record<string, string> = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
};
const KEPT = ['description', 'title', 'minItems', 'maxItems', 'minimum', 'maximum'] as const;
/** Deeper than any Puffin schema; a recursive `$ref` would inline forever. */
const MAX_DEPTH = 24;

export type GeminiSchema = { schema: SchemaNode; notes: string[] } | { unsupported: string };

export function toGeminiSchema(original: JsonSchema): GeminiSchema {
  const notes = new Set<string>();
  try {
    return { schema: shape(structuredClone(original), original, notes, 0), notes: [...notes] };
  } catch (error) {
    if (error instanceof Unsupported) return { unsupported: error.message };
    throw error;
  }
}

class Unsupported extends Error {}

function shape(node: SchemaNode, root: SchemaNode, notes: Set<string>, depth: number): SchemaNode {
  if (depth > MAX_DEPTH) throw new Unsupported('the schema nests too deeply (a recursive $ref?)');
  const resolved = resolveRef(node, root);
  if (!resolved) throw new Unsupported(`unresolvable $ref ${String(node.$ref)}`);
  const out: SchemaNode = {};
  for (const key of KEPT) if (key in resolved) out[key] = resolved[key];
  for (const key of ['minLength', 'maxLength', 'pattern', 'allOf', 'not', 'additionalProperties']) {
    if (key in resolved) notes.add(`dropped ${key}`);
  }
  if (resolved.format === 'date-time') out.format = 'date-time';
  else if ('format' in resolved) notes.add('dropped format');

  const branches = [resolved.anyOf, resolved.oneOf].find(Array.isArray);
  if (branches) {
    out.anyOf = branches.filter(isNode).map((b) => shape(b, root, notes, depth + 1));
    return out;
  }
  const types = typesOf(resolved);
  const concrete = types.filter((t) => t !== 'null');
  if (types.includes('null')) out.nullable = true;
  if (concrete.length > 1) {
    out.anyOf = concrete.map((t) => shape({ ...resolved, type: t }, root, notes, depth + 1));
    return out;
  }
  const values =
    'const' in resolved ? [resolved.const] : Array.isArray(resolved.enum) ? resolved.enum : undefined;
  let type = concrete[0];
  if (values) {
    const strings = values.filter((v): v is string => typeof v === 'string');
    if (values.includes(null)) out.nullable = true;
    if (strings.length === values.filter((v) => v !== null).length && strings.length > 0) {
      out.enum = strings;
      type = 'string';
    } else {
      notes.add('dropped a non-string enum');
    }
  }
  if (type) out.type = TYPES[type] ?? type.toUpperCase();
  if (isNode(resolved.items)) out.items = shape(resolved.items, root, notes, depth + 1);
  if (isNode(resolved.properties)) {
    const entries = Object.entries(resolved.properties).filter(([, p]) => isNode(p));
    out.type = 'OBJECT';
    out.properties = Object.fromEntries(
      entries.map(([name, p]) => [name, shape(p as SchemaNode, root, notes, depth + 1)]),
    );
    out.propertyOrdering = entries.map(([name]) => name);
    if (Array.isArray(resolved.required)) {
      out.required = resolved.required.filter(
        (r) => typeof r === 'string' && r in (out.properties as SchemaNode),
      );
    }
  }
  // Gemini refuses an OBJECT without properties (a free map has no equivalent in the subset).
  if (out.type === 'OBJECT' && !(isNode(out.properties) && Object.keys(out.properties).length > 0)) {
    throw new Unsupported('an object without named properties');
  }
  return out;
}
