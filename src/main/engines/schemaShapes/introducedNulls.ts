/**
 * Takes out of an answer the nulls a provider's schema shape introduced: OpenAI strict mode makes every optional
 * property required-but-nullable, so a model that had nothing to say answers `"flags": null` where the original
 * schema wants the property absent. Such a null is removed when the ORIGINAL schema has the property optional and
 * does not itself accept null; every other value is kept as it is, and validation against the original schema
 * still decides. Works on a copy.
 */
import type { JsonSchema } from '../../llm/schemas';
import { acceptsNull, branchesOf, isNode, resolveRef, type SchemaNode } from './schemaNodes';

export function dropIntroducedNulls(answer: unknown, original: JsonSchema): unknown {
  return strip(structuredClone(answer), original, original);
}

function strip(value: unknown, schema: SchemaNode, root: SchemaNode): unknown {
  const node = resolveRef(schema, root);
  if (!node) return value;
  if (Array.isArray(value)) {
    const items = node.items;
    const branchItems = branchesOf(node).map((b) => resolveRef(b, root)?.items);
    const itemSchema = isNode(items) ? items : branchItems.find(isNode);
    return itemSchema ? value.map((item) => strip(item, itemSchema, root)) : value;
  }
  if (!isNode(value)) return value;
  const candidates = objectBranches(node, value, root);
  for (const [key, member] of Object.entries(value)) {
    const defining = candidates.filter((c) => isNode(c.properties) && isNode(c.properties[key]));
    if (defining.length === 0) continue;
    if (member === null) {
      const introduced = defining.every(
        (c) =>
          !requiredOf(c).includes(key) && !acceptsNull((c.properties as SchemaNode)[key] as SchemaNode, root),
      );
      if (introduced) delete value[key];
      continue;
    }
    value[key] = strip(member, (defining[0]!.properties as SchemaNode)[key] as SchemaNode, root);
  }
  return value;
}

/**
 * The object schemas that may describe this value: the node itself and its anyOf/oneOf branches, narrowed to the
 * branches whose `const` properties the value matches (a discriminated union such as the assertion shapes).
 */
function objectBranches(node: SchemaNode, value: SchemaNode, root: SchemaNode): SchemaNode[] {
  const all = [node, ...branchesOf(node).map((b) => resolveRef(b, root))].filter(
    (n): n is SchemaNode => n !== undefined && isNode(n.properties),
  );
  const matching = all.filter((candidate) =>
    Object.entries(candidate.properties as SchemaNode).every(
      ([key, prop]) => !isNode(prop) || !('const' in prop) || value[key] === prop.const,
    ),
  );
  return matching.length > 0 ? matching : all;
}

function requiredOf(node: SchemaNode): unknown[] {
  return Array.isArray(node.required) ? node.required : [];
}
