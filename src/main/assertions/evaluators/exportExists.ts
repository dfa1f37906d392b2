// EXPORT_EXISTS: ES exports (declarations, export lists, default, re-exports) and CommonJS `module.exports` /
// `exports.x` assignments.
import ts from 'typescript';
import type { ExportKind } from '../../../shared/assertions';
import { malformed } from '../errors';
import { specOf, type Fields } from '../fields';
import {
  boundNames,
  declarationKind,
  functionInitializer,
  hasModifier,
  isModuleExports,
  staticName,
  unwrap,
} from './astUtil';
import { codeTarget, isOutcome, nodeLocation, type ParsedFile } from './codeFiles';
import { fail, listSome, pass, quote, type Evaluator } from './types';

type FoundKind = Exclude<ExportKind, 'default'> | 'namespace' | 'value' | 'reexport';

interface ExportFact {
  /** Exported name; 'default' for the default export. */
  name: string;
  kind: FoundKind;
  /** For a default export of a named declaration or identifier: that local name. */
  local?: string;
  /** Variable bound to a function/arrow expression: satisfies type 'function' too. */
  callable?: boolean;
  node: ts.Node;
  file: ParsedFile;
}

const KINDS: readonly ExportKind[] = [
  'function',
  'class',
  'const',
  'let',
  'var',
  'type',
  'interface',
  'enum',
  'default',
];

function varKind(list: ts.VariableDeclarationList): FoundKind {
  return list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : 'var';
}

function valueKind(expr: ts.Expression): { kind: FoundKind; callable?: boolean } {
  const e = unwrap(expr);
  if (ts.isClassExpression(e)) return { kind: 'class' };
  if (functionInitializer(e)) return { kind: 'function' };
  return { kind: 'value' };
}

function collect(file: ParsedFile): { facts: ExportFact[]; stars: string[] } {
  const { sf } = file;
  const facts: ExportFact[] = [];
  const stars: string[] = [];
  const locals = new Map<string, { kind: FoundKind; callable?: boolean; node: ts.Node }>();
  const push = (f: Omit<ExportFact, 'file'>): void => void facts.push({ ...f, file });

  for (const stmt of sf.statements) {
    const exported = hasModifier(stmt, ts.SyntaxKind.ExportKeyword);
    const isDefault = hasModifier(stmt, ts.SyntaxKind.DefaultKeyword);
    const kind = declarationKind(stmt);
    if (kind) {
      const name = staticName((stmt as ts.DeclarationStatement).name);
      if (name) locals.set(name, { kind, node: stmt });
      if (exported && isDefault)
        push({ name: 'default', kind, node: stmt, ...(name ? { local: name } : {}) });
      else if (exported && name) push({ name, kind, node: stmt });
    } else if (ts.isVariableStatement(stmt)) {
      for (const decl of stmt.declarationList.declarations) {
        const callable = functionInitializer(decl.initializer) !== undefined;
        for (const name of boundNames(decl.name)) {
          const fact = { kind: varKind(stmt.declarationList), callable, node: decl };
          locals.set(name, fact);
          if (exported) push({ name, ...fact });
        }
      }
    } else if (ts.isExportDeclaration(stmt)) {
      const from =
        stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier)
          ? stmt.moduleSpecifier.text
          : undefined;
      if (!stmt.exportClause) {
        if (from) stars.push(from);
      } else if (ts.isNamespaceExport(stmt.exportClause)) {
        push({ name: stmt.exportClause.name.text, kind: 'reexport', node: stmt });
      } else {
        for (const el of stmt.exportClause.elements) {
          const local = (el.propertyName ?? el.name).getText(sf);
          const known = from ? undefined : locals.get(local);
          const fact = known ?? { kind: 'reexport' as const, node: el };
          push({
            name: el.name.getText(sf),
            ...fact,
            node: el,
            ...(el.name.getText(sf) === 'default' ? { local } : {}),
          });
        }
      }
    } else if (ts.isExportAssignment(stmt) && !stmt.isExportEquals) {
      const e = unwrap(stmt.expression);
      const local = ts.isIdentifier(e) ? e.text : undefined;
      const known = local ? locals.get(local) : undefined;
      push({ name: 'default', ...(known ?? valueKind(e)), node: stmt, ...(local ? { local } : {}) });
    } else if (ts.isExpressionStatement(stmt) && ts.isBinaryExpression(stmt.expression)) {
      collectCommonJs(stmt.expression, locals, push);
    }
  }
  return { facts, stars };
}

/** `module.exports = {a, b: c}` / `module.exports = x` / `module.exports.a = …` / `exports.a = …`. */
function collectCommonJs(
  bin: ts.BinaryExpression,
  locals: Map<string, { kind: FoundKind; callable?: boolean; node: ts.Node }>,
  push: (f: Omit<ExportFact, 'file'>) => void,
): void {
  if (bin.operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isPropertyAccessExpression(bin.left))
    return;
  const left = bin.left;
  const right = unwrap(bin.right);
  const describe = (e: ts.Expression): { kind: FoundKind; callable?: boolean } =>
    ts.isIdentifier(e) ? (locals.get(e.text) ?? { kind: 'value' }) : valueKind(e);
  if (isModuleExports(left)) {
    if (ts.isObjectLiteralExpression(right)) {
      for (const prop of right.properties) {
        const name = staticName(prop.name);
        if (!name) continue;
        const value = ts.isPropertyAssignment(prop)
          ? describe(unwrap(prop.initializer))
          : ts.isShorthandPropertyAssignment(prop)
            ? describe(prop.name)
            : { kind: 'function' as const };
        push({ name, kind: value.kind, callable: value.callable ?? false, node: prop });
      }
    } else {
      push({
        name: 'default',
        ...describe(right),
        node: bin,
        ...(ts.isIdentifier(right) ? { local: right.text } : {}),
      });
    }
  } else if (
    isModuleExports(left.expression) ||
    (ts.isIdentifier(left.expression) && left.expression.text === 'exports')
  ) {
    push({ name: left.name.text, ...describe(right), node: bin });
  }
}

/** Whether a found export satisfies a requested kind; lenient where the intent is unambiguous. */
function kindMatches(want: ExportKind | undefined, fact: ExportFact): boolean {
  if (!want || fact.kind === 'reexport') return true;
  switch (want) {
    case 'function':
      return fact.kind === 'function' || fact.callable === true;
    case 'const':
      return ['const', 'let', 'var', 'value'].includes(fact.kind);
    case 'type':
      return fact.kind === 'type' || fact.kind === 'interface';
    default:
      return fact.kind === want;
  }
}

function readEntries(spec: Fields): { name: string; type?: ExportKind }[] {
  const list = spec.exports;
  if (list === undefined || list === null) throw malformed('assertion.exports');
  if (!Array.isArray(list) || list.length === 0)
    throw malformed('assertion.exports', 'must be a non-empty array');
  return list.map((raw: unknown, i) => {
    const item = raw as { name?: unknown; type?: unknown } | null;
    if (typeof item !== 'object' || item === null)
      throw malformed(`assertion.exports[${i}]`, 'must be an object');
    if (typeof item.name !== 'string' || item.name === '') throw malformed(`assertion.exports[${i}].name`);
    if (item.type !== undefined && !KINDS.includes(item.type as ExportKind)) {
      throw malformed(`assertion.exports[${i}].type`, `must be one of ${KINDS.join(', ')}`);
    }
    return item.type === undefined ? { name: item.name } : { name: item.name, type: item.type as ExportKind };
  });
}

/** EXPORT_EXISTS `{exports: [{name, type?}]}`; every listed export must exist (in any file of a glob). */
export const evaluateExportExists: Evaluator = async (ctx, a) => {
  const wanted = readEntries(specOf(a));
  const target = await codeTarget(ctx, a.target);
  if (isOutcome(target)) return target;
  const collected = target.files.map((f) => ctx.perFile('exports', f.entry, () => collect(f)));
  const facts = collected.flatMap((c) => c.facts);
  const stars = collected.flatMap((c) => c.stars);
  const missing: string[] = [];
  let firstLoc;
  for (const w of wanted) {
    const byName =
      w.type === 'default'
        ? facts.filter((f) => f.name === 'default' && (w.name === 'default' || f.local === w.name))
        : facts.filter((f) => f.name === w.name);
    const hit = byName.find((f) => kindMatches(w.type === 'default' ? undefined : w.type, f));
    if (hit) {
      firstLoc ??= nodeLocation(hit.file, hit.node);
      continue;
    }
    const label = w.type ? `${w.type} ${quote(w.name)}` : quote(w.name);
    missing.push(byName[0] ? `${label} (exported, but as a ${byName[0].kind})` : label);
  }
  if (missing.length === 0) {
    return pass(`${target.label} export(s) ${wanted.map((w) => w.name).join(', ')}`, firstLoc);
  }
  const found = facts.map((f) => f.name);
  const starNote = stars.length ? `; \`export *\` from ${stars.map(quote).join(', ')} not followed` : '';
  return fail(
    `${target.label} does not export ${missing.join(', ')} (exports: ${listSome(found) || 'none'})${starNote}`,
  );
};
