import { describe, expect, it } from 'vitest';
import { coveringCycles, stronglyConnected } from './graphCycles';

describe('stronglyConnected', () => {
  it('puts the nodes of a cycle in one cyclic component and marks self-loops cyclic', () => {
    // 0 → 1 → 2 → 0, 3 → 0, 4 → 4
    const deps = [[1], [2], [0], [0], [4]];
    const { comp, cyclic } = stronglyConnected(deps);
    expect(comp[0]).toBe(comp[1]);
    expect(comp[1]).toBe(comp[2]);
    expect(comp[3]).not.toBe(comp[0]);
    expect(cyclic[comp[0]!]).toBe(true);
    expect(cyclic[comp[3]!]).toBe(false);
    expect(cyclic[comp[4]!]).toBe(true);
  });

  it('walks a 100,000-node chain without recursion', () => {
    const deps = Array.from({ length: 100_000 }, (_, i) => (i + 1 < 100_000 ? [i + 1] : []));
    const { cyclic } = stronglyConnected(deps);
    expect(cyclic.every((c) => !c)).toBe(true);
  });
});

describe('coveringCycles', () => {
  it('reports each cycle once, from its lowest node, each node depending on the next', () => {
    // 2 → 0 → 1 → 2, and 3 → 4 → 3
    const deps = [[1], [2], [0], [4], [3]];
    const { comp, cyclic } = stronglyConnected(deps);
    expect(coveringCycles(deps, comp, cyclic)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });

  it('covers a node that is on a longer cycle only, and reports nothing for an acyclic graph', () => {
    // 0 ⇄ 1, and 1 → 2 → 0: node 2 is only on 0 → 1 → 2 → 0
    const deps = [[1], [0, 2], [0]];
    const { comp, cyclic } = stronglyConnected(deps);
    expect(coveringCycles(deps, comp, cyclic)).toEqual([
      [0, 1],
      [0, 1, 2],
    ]);
    const dag = [[1], [2], []];
    const d = stronglyConnected(dag);
    expect(coveringCycles(dag, d.comp, d.cyclic)).toEqual([]);
  });
});
