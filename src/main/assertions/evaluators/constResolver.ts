// Static resolution of string expressions such as IPC channel names: literals, templates and `+` of those, consts,
// string enums, and properties of (nested) channel tables, following relative imports to other project files.
import path from 'node:path';
import ts from 'typescript';
import { isCodeFile, type EvaluationContext } from '../context';
import { staticName, unwrap } from './astUtil';
import type { ParsedFile } from './codeFiles';

type Value =
  | { kind: 'expr'; expr: ts.Expression; file: ParsedFile }
  | { kind: 'enum'; decl: ts.EnumDeclaration; file: ParsedFile }
  | { kind: 'module'; file: ParsedFile };

interface Bindings {
  consts: Map<string, ts.Expression>;
  enums: Map<string, ts.EnumDeclaration>;
  imports: Map<string, { module: string; name: string }>;
  /** `export { a as b } from './x'` and `export * from './y'`: exported name (or '*') → module and imported name. */
  reexports: { exported: string; module: string; name: string }[];
}

const MAX_DEPTH = 12;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

export class ConstResolver {
  private readonly bindings = new WeakMap<ts.SourceFile, Bindings>();

  constructor(private readonly ctx: EvaluationContext) {}

  /** The string value of an expression, or undefined when it cannot be known without running the code. */
  async stringOf(expr: ts.Expression, file: ParsedFile, depth = 0): Promise<string | undefined> {
    if (depth > MAX_DEPTH) return undefined;
    const e = unwrap(expr);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
    if (ts.isTemplateExpression(e)) {
      let out = e.head.text;
      for (const span of e.templateSpans) {
        const part = await this.stringOf(span.expression, file, depth + 1);
        if (part === undefined) return undefined;
        out += part + span.literal.text;
      }
      return out;
    }
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = await this.stringOf(e.left, file, depth + 1);
      const right = left === undefined ? undefined : await this.stringOf(e.right, file, depth + 1);
      return left === undefined || right === undefined ? undefined : left + right;
    }
    const value = await this.valueOf(e, file, depth + 1);
    if (value?.kind !== 'expr' || value.expr === e) return undefined;
    return this.stringOf(value.expr, value.file, depth + 1);
  }

  private async valueOf(expr: ts.Expression, file: ParsedFile, depth: number): Promise<Value | undefined> {
    if (depth > MAX_DEPTH) return undefined;
    const e = unwrap(expr);
    if (ts.isIdentifier(e)) return this.valueOfName(e.text, file, depth + 1);
    let key: string | undefined;
    let base: ts.Expression | undefined;
    if (ts.isPropertyAccessExpression(e)) [key, base] = [e.name.text, e.expression];
    else if (ts.isElementAccessExpression(e))
      [key, base] = [await this.stringOf(e.argumentExpression, file, depth + 1), e.expression];
    if (key === undefined || base === undefined) return { kind: 'expr', expr: e, file };
    const owner = await this.valueOf(base, file, depth + 1);
    if (!owner) return undefined;
    if (owner.kind === 'module') return this.valueOfName(key, owner.file, depth + 1);
    if (owner.kind === 'enum') {
      const member = owner.decl.members.find((m) => staticName(m.name) === key);
      return member?.initializer ? { kind: 'expr', expr: member.initializer, file: owner.file } : undefined;
    }
    const obj = unwrap(owner.expr);
    if (!ts.isObjectLiteralExpression(obj)) return undefined;
    const prop = [...obj.properties].reverse().find((p) => staticName(p.name) === key);
    if (prop && ts.isPropertyAssignment(prop)) return this.valueOf(prop.initializer, owner.file, depth + 1);
    if (prop && ts.isShorthandPropertyAssignment(prop))
      return this.valueOfName(prop.name.text, owner.file, depth + 1);
    return undefined;
  }

  /** A top-level name of a file: a const, an enum, or an import followed into its module. */
  private async valueOfName(name: string, file: ParsedFile, depth: number): Promise<Value | undefined> {
    if (depth > MAX_DEPTH) return undefined;
    const b = this.bindingsOf(file.sf);
    const init = b.consts.get(name);
    if (init)
      return ts.isIdentifier(unwrap(init)) || ts.isPropertyAccessExpression(unwrap(init))
        ? this.valueOf(init, file, depth + 1)
        : { kind: 'expr', expr: init, file };
    const decl = b.enums.get(name);
    if (decl) return { kind: 'enum', decl, file };
    const imp = b.imports.get(name);
    if (imp) {
      const target = await this.load(file, imp.module);
      if (!target) return undefined;
      return imp.name === '*'
        ? { kind: 'module', file: target }
        : this.valueOfName(imp.name, target, depth + 1);
    }
    for (const r of b.reexports) {
      if (r.exported !== name && r.exported !== '*') continue;
      const target = await this.load(file, r.module);
      const value = target && (await this.valueOfName(r.exported === '*' ? name : r.name, target, depth + 1));
      if (value) return value;
    }
    return undefined;
  }

  private bindingsOf(sf: ts.SourceFile): Bindings {
    const hit = this.bindings.get(sf);
    if (hit) return hit;
    const b: Bindings = { consts: new Map(), enums: new Map(), imports: new Map(), reexports: [] };
    for (const stmt of sf.statements) {
      if (ts.isVariableStatement(stmt)) {
        for (const d of stmt.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.initializer) b.consts.set(d.name.text, d.initializer);
      } else if (ts.isEnumDeclaration(stmt)) {
        b.enums.set(stmt.name.text, stmt);
      } else if (
        ts.isImportDeclaration(stmt) &&
        ts.isStringLiteral(stmt.moduleSpecifier) &&
        stmt.importClause
      ) {
        const module = stmt.moduleSpecifier.text;
        const clause = stmt.importClause;
        if (clause.name) b.imports.set(clause.name.text, { module, name: 'default' });
        const nb = clause.namedBindings;
        if (nb && ts.isNamespaceImport(nb)) b.imports.set(nb.name.text, { module, name: '*' });
        if (nb && ts.isNamedImports(nb))
          for (const el of nb.elements)
            b.imports.set(el.name.text, { module, name: (el.propertyName ?? el.name).getText(sf) });
      } else if (
        ts.isExportDeclaration(stmt) &&
        stmt.moduleSpecifier &&
        ts.isStringLiteral(stmt.moduleSpecifier)
      ) {
        const module = stmt.moduleSpecifier.text;
        if (!stmt.exportClause) b.reexports.push({ exported: '*', module, name: '*' });
        else if (ts.isNamedExports(stmt.exportClause)) {
          for (const el of stmt.exportClause.elements)
            b.reexports.push({
              exported: el.name.getText(sf),
              module,
              name: (el.propertyName ?? el.name).getText(sf),
            });
        }
      }
    }
    this.bindings.set(sf, b);
    return b;
  }

  /** Resolves a relative import to a parsed project file; packages and path aliases are not followed. */
  private async load(from: ParsedFile, specifier: string): Promise<ParsedFile | undefined> {
    if (!specifier.startsWith('.')) return undefined;
    const base = path.posix.join(path.posix.dirname(from.entry.rel), specifier);
    const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
    const candidates = [
      base,
      ...EXTENSIONS.map((x) => stem + x),
      ...EXTENSIONS.map((x) => `${base}/index${x}`),
    ];
    for (const rel of candidates) {
      if (!isCodeFile(rel)) continue;
      try {
        const resolved = await this.ctx.resolveTarget(rel);
        const entry = resolved.entries[0];
        if (entry?.kind === 'file') return { entry, sf: await this.ctx.sourceFile(entry) };
      } catch {
        return undefined; // outside the project, too large, binary: not followed
      }
    }
    return undefined;
  }
}
