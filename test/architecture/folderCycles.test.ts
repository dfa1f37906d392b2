import { describe, expect, it } from 'vitest';
import { folderCycles, folderEdges, loadSpecifiers, tangledFolders, type FolderEdge } from './folderGraph';
import { listFiles } from './sourceFiles';

/*
 * The folders of src/main form a DAG: base/ (primitives) at the bottom, app/ (the composition root) at the top,
 * every domain folder in between importing only folders below it. Edges count what a module loads at run time:
 * value imports, re-exports and `import()` (lazy, but still code of the other folder). Type-only imports are left
 * out: the compiler erases them, and domain handlers name the root's `Services`/`Handlers` types on purpose, as the
 * interface they are written against. Tests are left out too: a test may assemble the whole app.
 */
const ROOT = 'src/main';

/**
 * Cycles known today, each as its sorted folders. Shrink-only: the test fails when one grows, when a new one
 * appears, and when one is gone (then delete its line).
 */
const ALLOWED: Record<string, string> = {
  // store/recordSchemas validates records with llm/'s JSON-schema validator, and llm/grounding reads code with
  // assertions/' file-kind, glob and AST helpers. Fix by moving the validator (validate, lazyAjv, lengthKeywords,
  // validationErrors) out of llm/, or grounding out of llm/; both are being edited on other branches.
  'assertions,llm,store': 'store → llm (validate), llm/grounding → assertions (context, glob, astUtil)',
};

function describeCycle(cycle: string[], edges: FolderEdge[]): string {
  const steps = cycle.slice(1).map((to, i) => edges.find((e) => e.from === cycle[i] && e.to === to)!.example);
  return `${cycle.join(' → ')}\n    ${steps.join('\n    ')}`;
}

describe('the folders of src/main', () => {
  const files = listFiles(ROOT, /\.tsx?$/).filter((f) => !/\.test\.tsx?$/.test(f));
  const edges = folderEdges(ROOT, files);

  it('form a DAG but for the allowed cycles, none of which may grow', () => {
    expect(edges.length).toBeGreaterThan(20);
    const tangled = tangledFolders(edges).map((group) => group.join(','));
    const unexpected = folderCycles(edges)
      .filter((cycle) => !tangled.some((t) => t in ALLOWED && t.split(',').includes(cycle[0]!)))
      .map((cycle) => describeCycle(cycle, edges));
    expect(unexpected).toEqual([]);
    expect(tangled.sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('keep base/ at the bottom and app/ at the top', () => {
    expect(edges.filter((e) => e.from === 'base').map((e) => e.example)).toEqual([]);
    const intoApp = edges.filter((e) => e.to === 'app' && e.from !== 'electron');
    expect(intoApp.map((e) => e.example)).toEqual([]);
  });
});

describe('the folder graph reader', () => {
  it('counts value imports, re-exports and import(), not type-only imports nor typeof import()', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "export { c } from './c';",
      "const d = () => import('./d');",
      "type E = typeof import('./e');",
      "import x from 'x';",
    ].join('\n');
    expect(loadSpecifiers('f.ts', text).sort()).toEqual(['./a', './c', './d']);
  });

  it('finds folders that reach each other, and only those', () => {
    const edges = [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
      { from: 'c', to: 'a' },
      { from: 'c', to: 'd' },
      { from: 'e', to: 'd' },
    ];
    expect(tangledFolders(edges)).toEqual([['a', 'b', 'c']]);
    expect(folderCycles(edges)).toEqual([['a', 'b', 'c', 'a']]);
    expect(tangledFolders(edges.slice(0, 2))).toEqual([]);
  });
});
