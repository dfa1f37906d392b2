// IMPORT_EXISTS: ES imports, `import x = require()`, `require()` (with destructuring) and dynamic `import()`.
import ts from 'typescript';
import { optStringArray, reqString, specOf } from '../fields';
import { forEachNode, staticName, unwrap } from './astUtil';
import { codeTarget, isOutcome, nodeLocation, type ParsedFile } from './codeFiles';
import { fail, listSome, pass, quote, type Evaluator } from './types';

interface ImportFact {
  module: string;
  /** Imported names ('default', '*', named) plus the local names of default/namespace bindings. */
  names: Set<string>;
  node: ts.Node;
  file: ParsedFile;
}

function requireTarget(expr: ts.Expression | undefined): string | undefined {
  if (!expr) return undefined;
  const e = unwrap(expr);
  const isCall =
    ts.isCallExpression(e) &&
    e.arguments.length === 1 &&
    ((ts.isIdentifier(e.expression) && e.expression.text === 'require') ||
      e.expression.kind === ts.SyntaxKind.ImportKeyword);
  if (!isCall) return undefined;
  const arg = e.arguments[0]!;
  return ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg) ? arg.text : undefined;
}

function collect(file: ParsedFile): ImportFact[] {
  const facts: ImportFact[] = [];
  const claimed = new Set<ts.Node>();
  const add = (module: string, names: string[], node: ts.Node): void =>
    void facts.push({ module, names: new Set(names), node, file });
  forEachNode(file.sf, (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const names: string[] = [];
      const clause = node.importClause;
      if (clause?.name) names.push('default', clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*', bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements)
          names.push(staticName(el.propertyName ?? el.name) ?? el.name.text);
      }
      add(node.moduleSpecifier.text, names, node);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const ref = node.moduleReference.expression;
      if (ts.isStringLiteral(ref)) add(ref.text, ['default', '*', node.name.text], node);
    } else if (ts.isVariableDeclaration(node)) {
      // `const x = require('m')`, `const {a, b: c} = require('m')`, `const y = require('m').y`.
      let init = node.initializer && unwrap(node.initializer);
      if (init && ts.isAwaitExpression(init)) init = unwrap(init.expression);
      const member = init && ts.isPropertyAccessExpression(init) ? init : undefined;
      const call = member ? member.expression : init;
      const module = requireTarget(call);
      if (module === undefined || !call) return;
      claimed.add(unwrap(call));
      const names: string[] = [];
      if (member) names.push(member.name.text);
      else if (ts.isIdentifier(node.name)) names.push('default', '*', node.name.text);
      else if (ts.isObjectBindingPattern(node.name)) {
        for (const el of node.name.elements)
          names.push(staticName(el.propertyName ?? el.name) ?? el.name.getText(file.sf));
      }
      add(module, names, node);
    } else if (ts.isCallExpression(node) && !claimed.has(node)) {
      const module = requireTarget(node);
      if (module !== undefined) add(module, [], node);
    }
  });
  return facts;
}

/** `./x.js`, `./x.ts` and `./x` name the same relative module. */
function sameModule(a: string, b: string): boolean {
  if (a === b) return true;
  if (!a.startsWith('.') || !b.startsWith('.')) return false;
  const strip = (s: string): string => s.replace(/\.(?:[cm]?[jt]s|[jt]sx)$/, '').replace(/\/index$/, '');
  return strip(a) === strip(b);
}

/** IMPORT_EXISTS `{module, imports?}`: some matched file imports `module`, binding every listed name. */
export const evaluateImportExists: Evaluator = async (ctx, a) => {
  const spec = specOf(a);
  const module = reqString(spec, 'module');
  const wanted = optStringArray(spec, 'imports') ?? [];
  const target = await codeTarget(ctx, a.target);
  if (isOutcome(target)) return target;
  const facts = target.files.flatMap(collect);
  const ofModule = facts.filter((f) => sameModule(f.module, module));
  if (ofModule.length === 0) {
    const seen = facts.map((f) => f.module);
    return fail(`${target.label} does not import ${quote(module)} (imports: ${listSome(seen) || 'none'})`);
  }
  // Several import statements of one module in one file add up.
  const byFile = new Map<string, Set<string>>();
  for (const f of ofModule) {
    const set = byFile.get(f.file.entry.rel) ?? new Set<string>();
    for (const n of f.names) set.add(n);
    byFile.set(f.file.entry.rel, set);
  }
  for (const [rel, names] of byFile) {
    if (wanted.every((w) => names.has(w))) {
      const fact = ofModule.find((f) => f.file.entry.rel === rel)!;
      const loc = nodeLocation(fact.file, fact.node);
      const what = wanted.length ? `{ ${wanted.join(', ')} } from ${quote(module)}` : quote(module);
      return pass(`${quote(rel)} imports ${what} at line ${loc.line}`, loc);
    }
  }
  const [rel, names] = [...byFile][0]!;
  const missing = wanted.filter((w) => !names.has(w));
  const first = ofModule[0]!;
  return fail(
    `${quote(rel)} imports ${quote(module)} but not ${missing.join(', ')} (binds: ${listSome([...names]) || 'nothing'})`,
    nodeLocation(first.file, first.node),
  );
};
