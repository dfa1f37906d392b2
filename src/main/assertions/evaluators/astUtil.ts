// Small readers over TypeScript AST nodes (parent pointers are not set, so everything walks downwards).
import ts from 'typescript';

export function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((m) => m.kind === kind) ?? false);
}

/** Text of a property/declaration name when it is static: identifiers, private names, string and number literals. */
export function staticName(name: ts.Node | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) {
    return name.text;
  }
  if (ts.isComputedPropertyName(name)) return staticName(name.expression);
  return undefined;
}

/** What a declaration statement declares, for the kinds that carry their own keyword. */
export function declarationKind(
  node: ts.Node,
): 'function' | 'class' | 'interface' | 'type' | 'enum' | 'namespace' | undefined {
  if (ts.isFunctionDeclaration(node)) return 'function';
  if (ts.isClassDeclaration(node)) return 'class';
  if (ts.isInterfaceDeclaration(node)) return 'interface';
  if (ts.isTypeAliasDeclaration(node)) return 'type';
  if (ts.isEnumDeclaration(node)) return 'enum';
  if (ts.isModuleDeclaration(node)) return 'namespace';
  return undefined;
}

/** Strips wrappers that do not change a value: parentheses, `as`, `satisfies`, `<T>x`, `x!`. */
export function unwrap(expr: ts.Expression): ts.Expression {
  let e = expr;
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isTypeAssertionExpression(e) ||
    ts.isNonNullExpression(e)
  ) {
    e = e.expression;
  }
  return e;
}

/** Visits every node of a file, depth first. */
export function forEachNode(root: ts.Node, visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node): void => {
    visit(node);
    ts.forEachChild(node, walk);
  };
  ts.forEachChild(root, walk);
}

/** Local names listed in `export { a, b as c }` (without a module) and `export default a`: local → exported names. */
export function exportedLocals(sf: ts.SourceFile): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (local: string, exported: string): void => {
    out.set(local, [...(out.get(local) ?? []), exported]);
  };
  for (const stmt of sf.statements) {
    if (
      ts.isExportDeclaration(stmt) &&
      !stmt.moduleSpecifier &&
      stmt.exportClause &&
      ts.isNamedExports(stmt.exportClause)
    ) {
      for (const el of stmt.exportClause.elements)
        add((el.propertyName ?? el.name).getText(sf), el.name.getText(sf));
    } else if (
      ts.isExportAssignment(stmt) &&
      !stmt.isExportEquals &&
      ts.isIdentifier(unwrap(stmt.expression))
    ) {
      add((unwrap(stmt.expression) as ts.Identifier).text, 'default');
    } else if (ts.isExpressionStatement(stmt)) {
      for (const [local, exported] of commonJsExports(stmt.expression)) add(local, exported);
    }
  }
  return out;
}

/** `module.exports = { a, b: c }` and `exports.x = a` / `module.exports.x = a`: [local, exported] pairs. */
function commonJsExports(expr: ts.Expression): [string, string][] {
  if (!ts.isBinaryExpression(expr) || expr.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return [];
  const left = expr.left;
  const right = unwrap(expr.right);
  if (isModuleExports(left)) {
    if (ts.isIdentifier(right)) return [[right.text, 'default']];
    if (!ts.isObjectLiteralExpression(right)) return [];
    return right.properties.flatMap((p): [string, string][] => {
      if (ts.isShorthandPropertyAssignment(p)) return [[p.name.text, p.name.text]];
      const name = staticName(p.name);
      const init = ts.isPropertyAssignment(p) ? unwrap(p.initializer) : undefined;
      return name && init && ts.isIdentifier(init) ? [[init.text, name]] : [];
    });
  }
  if (!ts.isPropertyAccessExpression(left) || !ts.isIdentifier(right)) return [];
  const obj = left.expression;
  const isExportsObject = isModuleExports(obj) || (ts.isIdentifier(obj) && obj.text === 'exports');
  return isExportsObject ? [[right.text, left.name.text]] : [];
}

/** `module.exports` */
export function isModuleExports(e: ts.Expression): boolean {
  return (
    ts.isPropertyAccessExpression(e) &&
    ts.isIdentifier(e.expression) &&
    e.expression.text === 'module' &&
    e.name.text === 'exports'
  );
}

/** Identifier names bound by a binding name (`a`, `{ a, b: c }`, `[a, ...rest]`). */
export function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  const out: string[] = [];
  for (const el of name.elements) if (!ts.isOmittedExpression(el)) out.push(...boundNames(el.name));
  return out;
}

/** Whether a function-valued initializer (arrow, function or class expression) sits behind wrappers. */
export function functionInitializer(
  init: ts.Expression | undefined,
): ts.ArrowFunction | ts.FunctionExpression | undefined {
  if (!init) return undefined;
  const e = unwrap(init);
  return ts.isArrowFunction(e) || ts.isFunctionExpression(e) ? e : undefined;
}
