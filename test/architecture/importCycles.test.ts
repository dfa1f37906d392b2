import { describe, expect, it } from 'vitest';
import { buildImportGraph, findCycles, runtimeSpecifiers } from './importGraph';
import { listFiles } from './sourceFiles';

describe('runtime imports of src/', () => {
  it('form no cycle (type-only imports excluded: the compiler erases them)', () => {
    const files = listFiles('src', /\.tsx?$/).filter((f) => !/\.test\.tsx?$/.test(f));
    const graph = buildImportGraph(files);
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});

describe('the import graph reader', () => {
  it('keeps value imports and re-exports, drops type-only ones and packages', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C, type D } from './c';",
      "import e, { type E } from './e';",
      "import { type F, f } from './f';",
      "import './g.css';",
      "import * as h from './h';",
      "import {} from './i';",
      "export { j } from './j';",
      "export type { K } from './k';",
      "export { type L } from './l';",
      "export * from './m';",
      "import react from 'react';",
      "const lazy = () => import('./n');",
    ].join('\n');
    expect(runtimeSpecifiers('x.ts', text)).toEqual([
      './a',
      './e',
      './f',
      './g.css',
      './h',
      './i',
      './j',
      './m',
    ]);
  });

  it('finds a cycle and names its files in order, and a self-import', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(findCycles(graph)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['e.ts', 'e.ts'],
    ]);
  });

  it('finds no cycle in a graph that only shares a dependency', () => {
    const graph = new Map([
      ['a.ts', ['c.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', []],
    ]);
    expect(findCycles(graph)).toEqual([]);
  });
});
