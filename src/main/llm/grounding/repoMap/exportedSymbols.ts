/**
 * The exported names of a TS/JS file and what each is (`function createStore`, `class Store`, `* from ./types`), read from
 * the syntax tree alone (ts.createSourceFile, no type checker: fast, and the same compiler API the assertions use).
 */
import ts from 'typescript';
import { isCodeFile } from '../../../assertions/context';
import {
  boundNames,
  declarationKind,
  exportedLocals,
  functionInitializer,
  hasModifier,
  staticName,
} from '../../../assertions/evaluators/astUtil';

/** TS and JS files, by extension (the same list the assertions parse). */
export const isScript = isCodeFile;

/** `kind name` per export, in source order, each once. */
export function exportedSymbols(rel: string, text: string): string[] {
  // The script kind (TS, TSX, JS, JSX) follows from the file name's extension.
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const add = (entry: string): void => {
    if (!out.includes(entry)) out.push(entry);
  };
  const localKinds = new Map<string, string>();

  for (const stmt of sf.statements) {
    const exported = hasModifier(stmt, ts.SyntaxKind.ExportKeyword);
    const isDefault = hasModifier(stmt, ts.SyntaxKind.DefaultKeyword);
    const declKind = declarationKind(stmt);
    if (declKind) {
      // A declaration still being typed has an empty name.
      const name = staticName((stmt as ts.DeclarationStatement).name) || undefined;
      if (name) localKinds.set(name, declKind);
      if (exported)
        add(isDefault ? `default ${declKind}${name ? ` ${name}` : ''}` : `${declKind} ${name ?? '?'}`);
    } else if (ts.isVariableStatement(stmt)) {
      const list = stmt.declarationList;
      const varKind =
        list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : 'var';
      for (const decl of list.declarations) {
        const k = functionInitializer(decl.initializer) ? 'function' : varKind;
        for (const name of boundNames(decl.name)) {
          localKinds.set(name, k);
          if (exported) add(`${k} ${name}`);
        }
      }
    } else if (
      ts.isExportDeclaration(stmt) &&
      stmt.moduleSpecifier &&
      ts.isStringLiteral(stmt.moduleSpecifier)
    ) {
      const from = stmt.moduleSpecifier.text;
      if (!stmt.exportClause) add(`* from ${from}`);
      else if (ts.isNamespaceExport(stmt.exportClause))
        add(`* as ${stmt.exportClause.name.text} from ${from}`);
      else for (const el of stmt.exportClause.elements) add(`${el.name.text} from ${from}`);
    } else if (ts.isExportAssignment(stmt) && !stmt.isExportEquals && !ts.isIdentifier(stmt.expression)) {
      add('default');
    }
  }
  // `export { a, b as c }`, `export default a`, `module.exports = { a }`, `exports.x = a`.
  for (const [local, names] of exportedLocals(sf)) {
    for (const name of names) {
      const k = localKinds.get(local);
      add(name === 'default' ? `default${k ? ` ${k}` : ''} ${local}` : `${k ?? 'value'} ${name}`);
    }
  }
  return out;
}
