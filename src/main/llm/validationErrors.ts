/**
 * Human-readable validation errors. Ajv reports a failed `oneOf` with the errors of every branch, so an assertion
 * that is a FILE_EXISTS with one bad field shows nine "must be equal to constant" lines and the errors of nine
 * shapes it never claimed to be. For a `oneOf` whose branches are discriminated by a `type` const, we report the
 * errors of the branch the data names instead (or, when it names none, the allowed `type` values).
 */
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from './schemas';

const MAX_REPORTED_ERRORS = 50;

/** Validates `data` against a sub-schema of `root` (given as a JSON pointer); returns Ajv's errors. */
export type SubValidator = (pointer: string, data: unknown) => readonly ErrorObject[];

export function describeErrors(
  errors: readonly ErrorObject[],
  root: JsonSchema,
  data: unknown,
  validateAt: SubValidator,
): string[] {
  const lines: string[] = [];
  const handled: string[] = [];
  for (const e of errors) {
    if (e.keyword !== 'oneOf') continue;
    const focused = focusOneOf(e, root, data, validateAt);
    if (focused) {
      handled.push(e.instancePath);
      lines.push(...focused);
    }
  }
  const inHandled = (path: string) => handled.some((h) => path === h || path.startsWith(h + '/'));
  for (const e of errors) if (!inHandled(e.instancePath)) lines.push(describe(e));
  const unique = [...new Set(lines)];
  if (unique.length <= MAX_REPORTED_ERRORS) return unique;
  return [...unique.slice(0, MAX_REPORTED_ERRORS), `… and ${unique.length - MAX_REPORTED_ERRORS} more`];
}

function focusOneOf(
  e: ErrorObject,
  root: JsonSchema,
  data: unknown,
  validateAt: SubValidator,
): string[] | null {
  // Needs Ajv's `verbose` errors: `schema` is the oneOf array as written, `data` the value it rejected.
  const branches = e.schema;
  const value = e.data === undefined ? resolve(data, '#' + e.instancePath) : e.data;
  if (!Array.isArray(branches) || !isRecord(value)) return null;
  const consts = branches.map((branch: unknown) => {
    const pointer = isRecord(branch) && typeof branch.$ref === 'string' ? branch.$ref : '';
    const schema = resolve(root, pointer);
    return { pointer, type: isRecord(schema) ? resolve(schema, '#/properties/type/const') : undefined };
  });
  // Only a type-discriminated oneOf of named definitions can be re-checked branch by branch.
  if (consts.some((c) => c.type === undefined || !/^#\/(definitions|\$defs)\//.test(c.pointer))) return null;
  const where = e.instancePath === '' ? '(root)' : e.instancePath;
  const match = consts.find((c) => c.type === value.type);
  if (!match) {
    return [`${where}/type: must be one of ${consts.map((c) => JSON.stringify(c.type)).join(', ')}`];
  }
  const sub = validateAt(match.pointer, value);
  if (sub.length === 0) return [`${where}: ${e.message ?? 'must match exactly one schema in oneOf'}`];
  return describeErrors(
    sub.map((s) => ({ ...s, instancePath: e.instancePath + s.instancePath })),
    root,
    data,
    validateAt,
  );
}

function describe(e: ErrorObject): string {
  const where = e.instancePath === '' ? '(root)' : e.instancePath;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return `${where}: unexpected property "${String(p.additionalProperty)}"`;
    case 'required':
      return `${where}: missing required property "${String(p.missingProperty)}"`;
    case 'enum':
      return `${where}: must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${where}: must be ${JSON.stringify(p.allowedValue)}`;
    default:
      return `${where}: ${e.message ?? e.keyword}`;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Resolves a local JSON pointer (`#/a/0/b`, RFC 6901 escapes) inside a value; undefined when absent. */
export function resolve(doc: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#')) return undefined;
  const parts = pointer.slice(1).split('/').slice(1);
  let cur: unknown = doc;
  for (const raw of parts) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = cur[Number(key)];
    else if (isRecord(cur)) cur = Object.hasOwn(cur, key) ? cur[key] : undefined;
    else return undefined;
  }
  return cur;
}
