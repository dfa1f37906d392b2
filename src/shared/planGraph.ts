/**
 * Dependency-graph checks of a plan: cycles, unknown ids, missing or duplicate items, order violations.
 * Pure TypeScript, shared by main (plan checks before approval) and the renderer (the dependency view).
 * Everything is iterative and near-linear, so a large or adversarial plan cannot blow the stack.
 */
import { coveringCycles, stronglyConnected } from './graphCycles';
import type { GraphIssue } from './plans';
import type { Plan } from './schema-types';

/** One node per distinct storyId among the plan items, numbered in order of first appearance. */
interface Graph {
  ids: string[];
  index: Map<string, number>;
  /** Lowest `order` among the node's items: the rank used to break ties in topological order. */
  rank: number[];
  /** Highest `order` among the node's items: a dependent must come after all of them. */
  maxOrder: number[];
  /** node → the nodes it depends on (deduplicated, union over duplicate items, self-edges kept). */
  deps: number[][];
}

function buildGraph(plan: Plan): Graph {
  const ids: string[] = [];
  const index = new Map<string, number>();
  const rank: number[] = [];
  const maxOrder: number[] = [];
  for (const item of plan.planItems) {
    const known = index.get(item.storyId);
    if (known === undefined) {
      index.set(item.storyId, ids.length);
      ids.push(item.storyId);
      rank.push(item.order);
      maxOrder.push(item.order);
    } else {
      rank[known] = Math.min(rank[known]!, item.order);
      maxOrder[known] = Math.max(maxOrder[known]!, item.order);
    }
  }
  const depSets = ids.map(() => new Set<number>());
  for (const item of plan.planItems) {
    const from = index.get(item.storyId)!;
    for (const dep of item.dependencies) {
      const to = index.get(dep);
      if (to !== undefined) depSets[from]!.add(to);
    }
  }
  return { ids, index, rank, maxOrder, deps: depSets.map((s) => [...s]) };
}

const q = (id: string): string => JSON.stringify(id);

/**
 * Every problem of the plan's dependency graph against the sprint's stories, in a stable order: duplicate
 * items, unknown stories, missing stories, unknown dependencies, cycles, then order violations. Edges inside a
 * cycle are not also reported as order violations (the cycle already says they cannot be ordered).
 */
export function checkPlanGraph(plan: Plan, sprintStoryIds: readonly string[]): GraphIssue[] {
  const g = buildGraph(plan);
  const inSprint = new Set(sprintStoryIds);
  const issues: GraphIssue[] = [];

  const counts = new Map<string, number>();
  for (const item of plan.planItems) counts.set(item.storyId, (counts.get(item.storyId) ?? 0) + 1);
  for (const [id, count] of counts) {
    if (count > 1) {
      issues.push({
        kind: 'duplicate_item',
        storyIds: [id],
        message: `Story ${q(id)} has ${count} plan items; it should have exactly one.`,
      });
    }
  }
  for (const id of g.ids) {
    if (!inSprint.has(id)) {
      issues.push({
        kind: 'unknown_story',
        storyIds: [id],
        message: `Plan item for ${q(id)}, which is not a story of this sprint.`,
      });
    }
  }
  for (const id of new Set(sprintStoryIds)) {
    if (!g.index.has(id)) {
      issues.push({ kind: 'missing_story', storyIds: [id], message: `Story ${q(id)} has no plan item.` });
    }
  }
  for (const item of plan.planItems) {
    for (const dep of new Set(item.dependencies)) {
      if (!g.index.has(dep) && !inSprint.has(dep)) {
        issues.push({
          kind: 'unknown_dependency',
          storyIds: [item.storyId, dep],
          message: `${q(item.storyId)} depends on ${q(dep)}, which is neither a sprint story nor a plan item.`,
        });
      }
    }
  }

  const { comp, cyclic } = stronglyConnected(g.deps);
  for (const cycle of coveringCycles(g.deps, comp, cyclic)) {
    const ids = cycle.map((v) => g.ids[v]!);
    issues.push({
      kind: 'cycle',
      storyIds: ids,
      message:
        ids.length === 1
          ? `${q(ids[0]!)} depends on itself.`
          : `Dependency cycle: ${[...ids, ids[0]].join(' → ')} (each depends on the next).`,
    });
  }
  const sameCycle = (a: number, b: number): boolean => comp[a] === comp[b] && cyclic[comp[a]!] === true;

  for (const item of plan.planItems) {
    const v = g.index.get(item.storyId)!;
    for (const dep of new Set(item.dependencies)) {
      const w = g.index.get(dep);
      if (w === undefined || sameCycle(v, w) || item.order > g.maxOrder[w]!) continue;
      issues.push({
        kind: 'order_violation',
        storyIds: [item.storyId, dep],
        message: `${q(item.storyId)} (order ${item.order}) is not after its dependency ${q(dep)} (order ${g.maxOrder[w]}).`,
      });
    }
  }
  issues.push(...checkImplementationOrder(plan.implementationOrder, g, sameCycle));
  return issues;
}

function checkImplementationOrder(
  order: string[],
  g: Graph,
  sameCycle: (a: number, b: number) => boolean,
): GraphIssue[] {
  const issues: GraphIssue[] = [];
  const position = new Map<string, number>();
  const reported = new Set<string>();
  order.forEach((id, i) => {
    if (!g.index.has(id)) {
      if (!reported.has(id)) {
        reported.add(id);
        issues.push({
          kind: 'order_violation',
          storyIds: [id],
          message: `The implementation order names ${q(id)}, which has no plan item.`,
        });
      }
    } else if (position.has(id)) {
      if (!reported.has(id)) {
        reported.add(id);
        issues.push({
          kind: 'order_violation',
          storyIds: [id],
          message: `${q(id)} appears more than once in the implementation order.`,
        });
      }
    } else {
      position.set(id, i);
    }
  });
  for (const id of g.ids) {
    if (!position.has(id)) {
      issues.push({
        kind: 'order_violation',
        storyIds: [id],
        message: `${q(id)} has a plan item but is missing from the implementation order.`,
      });
    }
  }
  g.ids.forEach((id, v) => {
    const at = position.get(id);
    if (at === undefined) return;
    for (const w of g.deps[v]!) {
      const depAt = position.get(g.ids[w]!);
      if (depAt === undefined || depAt < at || sameCycle(v, w)) continue;
      issues.push({
        kind: 'order_violation',
        storyIds: [id, g.ids[w]!],
        message: `${q(id)} comes before its dependency ${q(g.ids[w]!)} in the implementation order.`,
      });
    }
  });
  return issues;
}

/**
 * Story ids with every dependency before its dependents; among stories that are ready, the lowest item
 * `order` first (then item position). Unknown dependencies are ignored; duplicate items count once.
 * Null when the dependencies have a cycle (a self-dependency included).
 */
export function topologicalOrder(plan: Plan): string[] | null {
  const g = buildGraph(plan);
  const n = g.ids.length;
  const pending: number[] = g.deps.map((d) => d.length);
  const dependents: number[][] = g.ids.map(() => []);
  g.deps.forEach((d, v) => d.forEach((w) => dependents[w]!.push(v)));
  const before = (a: number, b: number): boolean =>
    g.rank[a]! < g.rank[b]! || (g.rank[a] === g.rank[b] && a < b);
  const heap = new MinHeap(before);
  for (let v = 0; v < n; v++) if (pending[v] === 0) heap.push(v);
  const out: string[] = [];
  for (let v = heap.pop(); v !== undefined; v = heap.pop()) {
    out.push(g.ids[v]!);
    for (const u of dependents[v]!) if (--pending[u]! === 0) heap.push(u);
  }
  return out.length === n ? out : null;
}

/** A binary min-heap of node numbers, so the ready set stays O(log n) per step. */
class MinHeap {
  private readonly items: number[] = [];
  constructor(private readonly before: (a: number, b: number) => boolean) {}

  push(v: number): void {
    const a = this.items;
    a.push(v);
    for (let i = a.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!this.before(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }

  pop(): number | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || last === undefined) return top;
    a[0] = last;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < a.length && this.before(a[l]!, a[m]!)) m = l;
      if (r < a.length && this.before(a[r]!, a[m]!)) m = r;
      if (m === i) break;
      [a[i], a[m]] = [a[m]!, a[i]!];
      i = m;
    }
    return top;
  }
}
