import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './sourceFiles';

/** file → the files it loads when it is evaluated (repo-relative paths). */
export type ImportGraph = Map<string, string[]>;

const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * The relative specifiers a module needs at run time: `import type`, imports whose every name is `type`, and
 * `export type … from` are erased by the compiler; `import()` loads lazily, so it cannot close a cycle at load time.
 */
export function runtimeSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause && isTypeOnlyImport(clause)) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly)) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers.filter((s) => s.startsWith('.'));
}

function isTypeOnlyImport(clause: ts.ImportClause): boolean {
  if (clause.isTypeOnly) return true;
  if (clause.name) return false; // a default import is a value
  const bindings = clause.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** The repo-relative source file a relative specifier names; null for non-code files (JSON, CSS). */
export function resolveSpecifier(from: string, specifier: string): string | null {
  const base = posix.join(posix.dirname(from), specifier);
  if (/\.(json|css|svg|png)$/.test(base)) return null;
  for (const suffix of RESOLVE_SUFFIXES) {
    const candidate = base + suffix;
    if (/\.tsx?$/.test(candidate) && existsSync(join(repoRoot, candidate))) return candidate;
  }
  throw new Error(`${from}: cannot resolve "${specifier}"`);
}

export function buildImportGraph(files: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    const targets = runtimeSpecifiers(file, text)
      .map((s) => resolveSpecifier(file, s))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each import cycle as a path that returns to its start (one per strongly connected component, Tarjan). */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;

  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    const selfLoop = (graph.get(v) ?? []).includes(v);
    if (component.length > 1 || selfLoop) components.push(component);
  };

  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components.map((c) => cyclePath(graph, new Set(c)));
}

/** One concrete loop through a component, for a readable failure message. */
function cyclePath(graph: ImportGraph, component: Set<string>): string[] {
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
