// FUNCTION_SIGNATURE: function declarations, class methods (and arrow-valued class fields), and variables bound to an
// arrow or function expression, found anywhere in the file.
import ts from 'typescript';
import { optBool, optStringArray, reqString, specOf } from '../fields';
import { exportedLocals, forEachNode, functionInitializer, hasModifier, staticName } from './astUtil';
import { codeTarget, isOutcome, nodeLocation, type ParsedFile } from './codeFiles';
import { fail, listSome, pass, quote, type Evaluator } from './types';

interface FunctionFact {
  name: string;
  owner?: string;
  params: string[];
  isAsync: boolean;
  exported: boolean;
  node: ts.Node;
  file: ParsedFile;
}

type FunctionLike = ts.SignatureDeclarationBase & { body?: ts.Node };

function paramNames(fn: FunctionLike, sf: ts.SourceFile): string[] {
  return fn.parameters
    .filter((p) => !(ts.isIdentifier(p.name) && p.name.text === 'this'))
    .map((p) => (ts.isIdentifier(p.name) ? p.name.text : p.name.getText(sf).replace(/\s+/g, '')));
}

function collect(file: ParsedFile): FunctionFact[] {
  const { sf } = file;
  const facts: FunctionFact[] = [];
  const locals = exportedLocals(sf);
  const isExported = (node: ts.Node, name: string): boolean =>
    hasModifier(node, ts.SyntaxKind.ExportKeyword) || locals.has(name);
  const add = (name: string, fn: FunctionLike, node: ts.Node, exported: boolean, owner?: string): void => {
    const isAsync = hasModifier(fn, ts.SyntaxKind.AsyncKeyword);
    facts.push({
      name,
      params: paramNames(fn, sf),
      isAsync,
      exported,
      node,
      file,
      ...(owner ? { owner } : {}),
    });
  };
  forEachNode(sf, (node) => {
    if (ts.isFunctionDeclaration(node) && node.name) {
      add(node.name.text, node, node, isExported(node, node.name.text));
    } else if (ts.isVariableStatement(node)) {
      const exported = hasModifier(node, ts.SyntaxKind.ExportKeyword);
      for (const decl of node.declarationList.declarations) {
        const fn = functionInitializer(decl.initializer);
        if (fn && ts.isIdentifier(decl.name))
          add(decl.name.text, fn, decl, exported || locals.has(decl.name.text));
      }
    } else if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const owner = node.name?.text;
      const classExported = ts.isClassDeclaration(node) && owner !== undefined && isExported(node, owner);
      for (const member of node.members) {
        const name = ts.isConstructorDeclaration(member) ? 'constructor' : staticName(member.name);
        if (name === undefined) continue;
        if (ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)) {
          add(name, member, member, classExported, owner);
        } else if (ts.isPropertyDeclaration(member)) {
          const fn = functionInitializer(member.initializer);
          if (fn) add(name, fn, member, classExported, owner);
        }
      }
    }
  });
  return facts;
}

/** `id: string`, `...rest`, `opts?` as written by a model all compare by bare name. */
function bareParam(p: string): string {
  return p
    .split(':')[0]!
    .replace(/^\.\.\./, '')
    .replace(/\?$/, '')
    .replace(/\s+/g, '');
}

/** FUNCTION_SIGNATURE `{function_name, parameters?, async?, exported?}`; `Class.method` names a method. */
export const evaluateFunctionSignature: Evaluator = async (ctx, a) => {
  const spec = specOf(a);
  const fullName = reqString(spec, 'function_name');
  const params = optStringArray(spec, 'parameters')?.map(bareParam);
  const wantAsync = optBool(spec, 'async');
  const wantExported = optBool(spec, 'exported');
  const dot = fullName.lastIndexOf('.');
  const owner = dot > 0 ? fullName.slice(0, dot) : undefined;
  const name = dot > 0 ? fullName.slice(dot + 1) : fullName;

  const target = await codeTarget(ctx, a.target);
  if (isOutcome(target)) return target;
  const all = target.files.flatMap(collect);
  const candidates = all.filter((f) => f.name === name && (owner === undefined || f.owner === owner));
  if (candidates.length === 0) {
    const seen = all.map((f) => (f.owner ? `${f.owner}.${f.name}` : f.name));
    return fail(
      `function ${quote(fullName)} not found in ${target.label}` +
        (seen.length ? ` (found: ${listSome(seen)})` : ''),
    );
  }

  const problems: string[] = [];
  for (const c of candidates) {
    const wrong: string[] = [];
    if (params && params.join(',') !== c.params.map(bareParam).join(',')) {
      wrong.push(`has parameters (${c.params.join(', ')}), expected (${params.join(', ')})`);
    }
    if (wantAsync !== undefined && c.isAsync !== wantAsync)
      wrong.push(wantAsync ? 'is not async' : 'is async');
    if (wantExported !== undefined && c.exported !== wantExported)
      wrong.push(wantExported ? 'is not exported' : 'is exported');
    const loc = nodeLocation(c.file, c.node);
    if (wrong.length === 0) {
      const sig = `${c.isAsync ? 'async ' : ''}${fullName}(${c.params.join(', ')})`;
      return pass(`${sig} found in ${quote(loc.file)} line ${loc.line}`, loc);
    }
    problems.push(`${quote(fullName)} at ${quote(loc.file)} line ${loc.line} ${wrong.join(' and ')}`);
  }
  const first = candidates[0]!;
  return fail(problems.join('; '), nodeLocation(first.file, first.node));
};
