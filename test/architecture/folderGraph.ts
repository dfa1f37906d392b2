import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { findCycles, resolveSpecifier, runtimeSpecifiers } from './importGraph';
import { repoRoot } from './sourceFiles';

/** folder → the folders it imports from. */
export type FolderGraph = Map<string, Set<string>>;

/** One folder-level edge and a file import that makes it, for a failure message that says where to look. */
export interface FolderEdge {
  from: string;
  to: string;
  example: string;
}

/**
 * The relative specifiers a module loads: its value imports and re-exports (type-only ones are erased by the
 * compiler, so they order nothing at run time) plus every `import()`, which is lazy but still a dependency on code
 * in the other folder.
 */
export function loadSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const dynamic: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg) && arg.text.startsWith('.')) dynamic.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...runtimeSpecifiers(fileName, text), ...dynamic];
}

/** The folder of `root` a file belongs to (`src/main/engines/claude-cli/x.ts` → `engines`); null outside it. */
export function folderOf(root: string, file: string): string | null {
  if (!file.startsWith(`${root}/`)) return null;
  const rest = file.slice(root.length + 1).split('/');
  return rest.length > 1 ? rest[0]! : '.';
}

/** The folder-level edges among `files` under `root`, one example file import per edge. */
export function folderEdges(root: string, files: string[]): FolderEdge[] {
  const edges = new Map<string, FolderEdge>();
  for (const file of files) {
    const from = folderOf(root, file);
    if (from === null) continue;
    const text = readFileSync(join(repoRoot, file), 'utf8');
    for (const specifier of loadSpecifiers(file, text)) {
      const target = resolveSpecifier(file, specifier);
      const to = target === null ? null : folderOf(root, target);
      if (to === null || to === from) continue;
      const key = `${from}→${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, example: `${file} → ${target}` });
    }
  }
  return [...edges.values()].sort((a, b) => `${a.from}→${a.to}`.localeCompare(`${b.from}→${b.to}`));
}

function adjacency(edges: Pick<FolderEdge, 'from' | 'to'>[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { from, to } of edges) {
    graph.set(from, [...(graph.get(from) ?? []), to]);
    if (!graph.has(to)) graph.set(to, []);
  }
  return graph;
}

/** One folder cycle per group of folders that reach each other, as a path back to its start (`a → b → a`). */
export function folderCycles(edges: Pick<FolderEdge, 'from' | 'to'>[]): string[][] {
  return findCycles(adjacency(edges));
}

/** Each group of two or more folders that all reach each other (a cycle's whole extent), members sorted. */
export function tangledFolders(edges: Pick<FolderEdge, 'from' | 'to'>[]): string[][] {
  const graph = adjacency(edges);
  const reach = new Map<string, Set<string>>();
  for (const start of graph.keys()) {
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      for (const next of graph.get(queue.shift()!) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    reach.set(start, seen);
  }
  const groups = new Map<string, string[]>();
  for (const v of graph.keys()) {
    const group = [...graph.keys()].filter((w) => w === v || (reach.get(v)!.has(w) && reach.get(w)!.has(v)));
    if (group.length > 1) groups.set(group.sort().join(','), group);
  }
  return [...groups.values()].sort((a, b) => a.join().localeCompare(b.join()));
}
