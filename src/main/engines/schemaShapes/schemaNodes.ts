/**
 * Walking a draft-07 JSON Schema as plain data, for the per-provider request shapes (OpenAI strict mode, Gemini's
 * OpenAPI subset) and for undoing what those shapes add to an answer. Only local `$ref`s (`#/definitions/…`,
 * `#/$defs/…`) exist in Puffin's schemas; anything else is left as it is.
 */
export type SchemaNode = Record<string, unknown>;

export function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema a local `$ref` points at (followed through chains), or undefined when it cannot be resolved. */
export function resolveRef(node: SchemaNode, root: SchemaNode): SchemaNode | undefined {
  let current: SchemaNode = node;
  for (let hops = 0; typeof current.$ref === 'string'; hops++) {
    if (hops > 32 || !current.$ref.startsWith('#/')) return undefined;
    let target: unknown = root;
    for (const raw of current.$ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isNode(target) ? target[key] : undefined;
    }
    if (!isNode(target)) return undefined;
    current = target;
  }
  return current;
}

/** The `type` keyword as a list ([] when absent). */
export function typesOf(node: SchemaNode): string[] {
  const type = node.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

/** The branches of an `anyOf`/`oneOf` (objects only). */
export function branchesOf(node: SchemaNode): SchemaNode[] {
  const list = [node.anyOf, node.oneOf, node.allOf].find(Array.isArray);
  return list ? list.filter(isNode) : [];
}

/** Whether null is an answer this schema itself accepts (type, enum, const or a null branch). */
export function acceptsNull(node: SchemaNode, root: SchemaNode): boolean {
  const resolved = resolveRef(node, root);
  if (!resolved) return false;
  if (typesOf(resolved).includes('null')) return true;
  if (Array.isArray(resolved.enum) && resolved.enum.includes(null)) return true;
  if ('const' in resolved && resolved.const === null) return true;
  return branchesOf(resolved).some((branch) => acceptsNull(branch, root));
}
