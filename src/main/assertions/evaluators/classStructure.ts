// CLASS_STRUCTURE: a class (declaration, or class expression bound to a variable) with methods, properties and
// heritage. Properties include fields, accessors, constructor parameter properties and JS-style `this.x = …` in the
// constructor; arrow-valued fields count as methods too.
import ts from 'typescript';
import { optString, optStringArray, reqString, specOf } from '../fields';
import { forEachNode, functionInitializer, hasModifier, staticName, unwrap } from './astUtil';
import { codeTarget, isOutcome, nodeLocation, type ParsedFile } from './codeFiles';
import { fail, listSome, pass, quote, type Evaluator } from './types';

interface ClassFact {
  name: string;
  methods: Set<string>;
  properties: Set<string>;
  extends?: string;
  implements: string[];
  node: ts.ClassLikeDeclaration;
  file: ParsedFile;
}

const PARAM_PROPERTY_MODIFIERS = [
  ts.SyntaxKind.PublicKeyword,
  ts.SyntaxKind.PrivateKeyword,
  ts.SyntaxKind.ProtectedKeyword,
  ts.SyntaxKind.ReadonlyKeyword,
];

function describeClass(node: ts.ClassLikeDeclaration, name: string, file: ParsedFile): ClassFact {
  const fact: ClassFact = { name, methods: new Set(), properties: new Set(), implements: [], node, file };
  for (const clause of node.heritageClauses ?? []) {
    const names = clause.types.map((t) => t.expression.getText(file.sf));
    if (clause.token === ts.SyntaxKind.ExtendsKeyword) fact.extends = names[0];
    else fact.implements.push(...names);
  }
  for (const member of node.members) {
    if (ts.isConstructorDeclaration(member)) {
      fact.methods.add('constructor');
      for (const p of member.parameters) {
        if (PARAM_PROPERTY_MODIFIERS.some((k) => hasModifier(p, k)) && ts.isIdentifier(p.name))
          fact.properties.add(p.name.text);
      }
      if (member.body) collectThisAssignments(member.body, fact.properties);
      continue;
    }
    const name = staticName(member.name);
    if (name === undefined) continue;
    if (ts.isMethodDeclaration(member)) fact.methods.add(name);
    else if (ts.isGetAccessor(member) || ts.isSetAccessor(member)) fact.properties.add(name);
    else if (ts.isPropertyDeclaration(member)) {
      fact.properties.add(name);
      if (functionInitializer(member.initializer)) fact.methods.add(name);
    }
  }
  return fact;
}

function collectThisAssignments(body: ts.Block, into: Set<string>): void {
  forEachNode(body, (node) => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.expression.kind === ts.SyntaxKind.ThisKeyword
    ) {
      into.add(node.left.name.text);
    }
  });
}

function collect(file: ParsedFile): ClassFact[] {
  const out: ClassFact[] = [];
  forEachNode(file.sf, (node) => {
    if (ts.isClassDeclaration(node) && node.name) out.push(describeClass(node, node.name.text, file));
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = unwrap(node.initializer);
      if (ts.isClassExpression(init)) out.push(describeClass(init, node.name.text, file));
    }
  });
  return out;
}

/** `Base` matches `ns.Base` and vice versa: models often omit or add the namespace. */
function sameHeritage(found: string, want: string): boolean {
  // Heritage expressions carry no type arguments (`Repository<Story>` is `Repository` here).
  const clean = (s: string): string => s.replace(/<.*>$/s, '').replace(/\s+/g, '');
  const last = (s: string): string => clean(s).slice(clean(s).lastIndexOf('.') + 1);
  return clean(found) === clean(want) || last(found) === last(want);
}

/** CLASS_STRUCTURE `{class_name, methods?, properties?, extends?, implements?}`. */
export const evaluateClassStructure: Evaluator = async (ctx, a) => {
  const spec = specOf(a);
  const className = reqString(spec, 'class_name');
  const methods = optStringArray(spec, 'methods') ?? [];
  const properties = optStringArray(spec, 'properties') ?? [];
  const base = optString(spec, 'extends');
  const interfaces = optStringArray(spec, 'implements') ?? [];

  const target = await codeTarget(ctx, a.target);
  if (isOutcome(target)) return target;
  const classes = target.files.flatMap(collect);
  const candidates = classes.filter((c) => c.name === className);
  if (candidates.length === 0) {
    const seen = classes.map((c) => c.name);
    return fail(
      `class ${quote(className)} not found in ${target.label} (classes: ${listSome(seen) || 'none'})`,
    );
  }
  const problems: string[] = [];
  for (const c of candidates) {
    const wrong: string[] = [];
    const missingMethods = methods.filter((m) => !c.methods.has(m));
    const missingProps = properties.filter((p) => !c.properties.has(p));
    if (missingMethods.length)
      wrong.push(`lacks method(s) ${missingMethods.join(', ')} (has: ${listSome([...c.methods]) || 'none'})`);
    if (missingProps.length)
      wrong.push(
        `lacks propert(ies) ${missingProps.join(', ')} (has: ${listSome([...c.properties]) || 'none'})`,
      );
    if (base && !(c.extends && sameHeritage(c.extends, base))) {
      wrong.push(c.extends ? `extends ${c.extends}, not ${base}` : `does not extend ${base}`);
    }
    const missingIfaces = interfaces.filter((i) => !c.implements.some((f) => sameHeritage(f, i)));
    if (missingIfaces.length) wrong.push(`does not implement ${missingIfaces.join(', ')}`);
    const loc = nodeLocation(c.file, c.node);
    if (wrong.length === 0)
      return pass(
        `class ${quote(className)} at ${quote(loc.file)} line ${loc.line} has the required structure`,
        loc,
      );
    problems.push(`class ${quote(className)} at ${quote(loc.file)} line ${loc.line} ${wrong.join('; ')}`);
  }
  const first = candidates[0]!;
  return fail(problems.join(' | '), nodeLocation(first.file, first.node));
};
