import { describe, expect, it } from 'vitest';
import { checkPlanGraph, topologicalOrder } from './planGraph';
import type { Plan, PlanItem } from './schema-types';
import { planItem } from '../../test/support/planFixtures';

const item = (storyId: string, order: number, dependencies: string[] = []): PlanItem =>
  planItem(storyId, order, { dependencies });

function plan(items: PlanItem[], implementationOrder?: string[]): Plan {
  return {
    planItems: items,
    sharedComponents: [],
    risks: [],
    implementationOrder:
      implementationOrder ?? [...items].sort((a, b) => a.order - b.order).map((i) => i.storyId),
  };
}

const kinds = (p: Plan, ids: string[]) => checkPlanGraph(p, ids).map((i) => i.kind);

describe('checkPlanGraph', () => {
  it('finds nothing wrong with a valid chain', () => {
    const p = plan([item('a', 1), item('b', 2, ['a']), item('c', 3, ['a', 'b'])]);
    expect(checkPlanGraph(p, ['a', 'b', 'c'])).toEqual([]);
  });

  it('reports a 3-cycle once, its story ids in dependency order starting at the first item', () => {
    // a depends on c, c on b, b on a.
    const p = plan([item('a', 1, ['c']), item('b', 2, ['a']), item('c', 3, ['b']), item('d', 4, ['a'])]);
    const issues = checkPlanGraph(p, ['a', 'b', 'c', 'd']);
    const cycles = issues.filter((i) => i.kind === 'cycle');
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.storyIds).toEqual(['a', 'c', 'b']);
    expect(cycles[0]!.message).toContain('a → c → b → a');
    // Edges inside the cycle are not also reported as order violations.
    expect(issues.filter((i) => i.kind === 'order_violation')).toEqual([]);
  });

  it('reports every cycle of a strongly connected group that shares a node', () => {
    // a ↔ b and a ↔ c: two cycles through a.
    const p = plan([item('a', 1, ['b', 'c']), item('b', 2, ['a']), item('c', 3, ['a'])]);
    const cycles = checkPlanGraph(p, ['a', 'b', 'c']).filter((i) => i.kind === 'cycle');
    expect(cycles.map((c) => c.storyIds)).toEqual([
      ['a', 'b'],
      ['a', 'c'],
    ]);
  });

  it('reports a self-dependency as a one-story cycle', () => {
    const p = plan([item('a', 1, ['a']), item('b', 2)]);
    const issues = checkPlanGraph(p, ['a', 'b']);
    expect(issues).toEqual([{ kind: 'cycle', storyIds: ['a'], message: expect.stringContaining('itself') }]);
    expect(topologicalOrder(p)).toBeNull();
  });

  it('reports unknown dependencies, unknown stories, missing stories and duplicate items', () => {
    const p = plan([item('a', 1, ['ghost']), item('x', 2), item('a', 3)], ['a', 'x']);
    const issues = checkPlanGraph(p, ['a', 'b']);
    expect(issues).toContainEqual({
      kind: 'unknown_dependency',
      storyIds: ['a', 'ghost'],
      message: expect.stringContaining('"ghost"'),
    });
    expect(issues).toContainEqual({ kind: 'unknown_story', storyIds: ['x'], message: expect.any(String) });
    expect(issues).toContainEqual({ kind: 'missing_story', storyIds: ['b'], message: expect.any(String) });
    expect(issues).toContainEqual({
      kind: 'duplicate_item',
      storyIds: ['a'],
      message: expect.stringContaining('2 plan items'),
    });
  });

  it('accepts a dependency on a sprint story that has no item (only the missing item is reported)', () => {
    const p = plan([item('a', 1, ['b'])]);
    expect(kinds(p, ['a', 'b'])).toEqual(['missing_story']);
  });

  it('reports an item ordered before (or with) one of its dependencies', () => {
    const p = plan([item('a', 2), item('b', 1, ['a']), item('c', 2, ['a'])], ['a', 'b', 'c']);
    const violations = checkPlanGraph(p, ['a', 'b', 'c']).filter((i) => i.kind === 'order_violation');
    expect(violations.map((v) => v.storyIds)).toEqual([
      ['b', 'a'],
      ['c', 'a'],
    ]);
    expect(violations[0]!.message).toMatch(/order 1.*order 2/);
  });

  it('reports an implementation order that contradicts dependencies or the items', () => {
    const p = plan([item('a', 1), item('b', 2, ['a']), item('c', 3)], ['b', 'a', 'ghost', 'a']);
    const issues = checkPlanGraph(p, ['a', 'b', 'c']).filter((i) => i.kind === 'order_violation');
    const text = issues.map((i) => i.message).join('\n');
    expect(issues.map((i) => i.storyIds)).toEqual([['ghost'], ['a'], ['c'], ['b', 'a']]);
    expect(text).toContain('has no plan item');
    expect(text).toContain('more than once');
    expect(text).toContain('missing from the implementation order');
    expect(text).toContain('before its dependency');
  });
});

describe('topologicalOrder', () => {
  it('puts dependencies first and otherwise picks the lowest order ready', () => {
    const p = plan([item('c', 1, ['b']), item('a', 2), item('b', 3, ['a']), item('d', 4)]);
    expect(topologicalOrder(p)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ignores unknown dependencies and collapses duplicates', () => {
    const p = plan([item('a', 1, ['ghost']), item('b', 2, ['a']), item('a', 3)]);
    expect(topologicalOrder(p)).toEqual(['a', 'b']);
  });

  it('returns null for a cyclic plan', () => {
    expect(topologicalOrder(plan([item('a', 1, ['b']), item('b', 2, ['a'])]))).toBeNull();
  });

  it('handles a long chain without recursion limits', () => {
    const n = 20_000;
    const items = Array.from({ length: n }, (_, i) => item(`s${i}`, i + 1, i ? [`s${i - 1}`] : []));
    const order = topologicalOrder(plan(items));
    expect(order?.[0]).toBe('s0');
    expect(order?.[n - 1]).toBe(`s${n - 1}`);
    expect(
      checkPlanGraph(
        plan(items),
        items.map((i) => i.storyId),
      ),
    ).toEqual([]);
    // Close the chain into one long cycle: reported once, with every story.
    items[0]!.dependencies = [`s${n - 1}`];
    const cycles = checkPlanGraph(plan(items), []).filter((i) => i.kind === 'cycle');
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.storyIds).toHaveLength(n);
  });
});
