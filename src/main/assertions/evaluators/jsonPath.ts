// JSON paths (`a.b[0]["dot.key"]`) over TypeScript's JSON AST, so a hit has a line and column.
import ts from 'typescript';
import { malformed } from '../errors';
import { staticName } from './astUtil';

export type PathSegment = string | number;

/** Parses `scripts.test`, `items[0].name`, `items.0.name`, `a["x.y"]`, `a['x']`. */
export function parseJsonPath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  let i = 0;
  const bad = (why: string): never => {
    throw malformed(
      'assertion.path',
      `is not a valid path (${why} at character ${i + 1} of ${JSON.stringify(path)})`,
    );
  };
  while (i < path.length) {
    const ch = path[i]!;
    if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close === -1) bad('unclosed [');
      const inner = path.slice(i + 1, close).trim();
      const quoted = /^(["'])(.*)\1$/.exec(inner);
      if (quoted) segments.push(quoted[2]!);
      else if (/^\d+$/.test(inner)) segments.push(Number(inner));
      else bad('expected an index or a quoted key');
      i = close + 1;
      if (path[i] === '.') i++;
    } else {
      let end = i;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      const key = path.slice(i, end);
      if (key === '') bad('empty key');
      segments.push(/^\d+$/.test(key) ? Number(key) : key);
      i = end < path.length && path[end] === '.' ? end + 1 : end;
      if (path[end] === '.' && i === path.length) bad('trailing dot');
    }
  }
  if (segments.length === 0) bad('empty path');
  return segments;
}

export type JsonStep =
  { found: true; node: ts.Node; value: ts.Expression } | { found: false; reason: string };

function describe(e: ts.Expression, sf: ts.SourceFile): string {
  if (ts.isObjectLiteralExpression(e)) return 'an object';
  if (ts.isArrayLiteralExpression(e)) return `an array of ${e.elements.length}`;
  return `the value ${e.getText(sf)}`;
}

/** Walks the segments from the document root; a miss says which segment failed and what was there. */
export function navigate(root: ts.Expression, segments: PathSegment[], sf: ts.SourceFile): JsonStep {
  let value = root;
  let node: ts.Node = root;
  for (let k = 0; k < segments.length; k++) {
    const seg = segments[k]!;
    const here = segments.slice(0, k).join('.') || '(root)';
    if (ts.isArrayLiteralExpression(value) && typeof seg === 'number') {
      const el = value.elements[seg];
      if (!el)
        return { found: false, reason: `${here} has ${value.elements.length} element(s), no index ${seg}` };
      node = value = el;
    } else if (ts.isObjectLiteralExpression(value)) {
      // JSON.parse keeps the last of duplicate keys; do the same.
      const key = String(seg);
      const prop = [...value.properties]
        .reverse()
        .find((p) => ts.isPropertyAssignment(p) && staticName(p.name) === key);
      if (!prop || !ts.isPropertyAssignment(prop)) {
        const keys = value.properties.map((p) => staticName(p.name) ?? '?');
        return {
          found: false,
          reason: `${here} has no key ${JSON.stringify(key)} (keys: ${keys.join(', ') || 'none'})`,
        };
      }
      node = prop;
      value = prop.initializer;
    } else {
      return {
        found: false,
        reason: `${here} is ${describe(value, sf)}, cannot take ${JSON.stringify(seg)}`,
      };
    }
  }
  return { found: true, node, value };
}

/** Converts a JSON AST node to its value (literals, objects, arrays, negative numbers). */
export function toValue(e: ts.Expression): unknown {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken)
    return -(toValue(e.operand as ts.Expression) as number);
  if (e.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (e.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (e.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(e)) return e.elements.map(toValue);
  if (ts.isObjectLiteralExpression(e)) {
    const out: Record<string, unknown> = {};
    for (const p of e.properties) {
      const key = staticName(p.name);
      if (key !== undefined && ts.isPropertyAssignment(p)) out[key] = toValue(p.initializer);
    }
    return out;
  }
  return undefined;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.prototype.hasOwnProperty.call(b, k) &&
        deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}
