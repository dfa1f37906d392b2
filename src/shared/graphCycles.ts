/**
 * Cycle finding on a directed graph given as adjacency lists (node → the nodes it points to), iterative so a large
 * or adversarial graph cannot blow the stack. Pure; planGraph.ts applies it to a plan's dependencies.
 */

/** Tarjan's strongly connected components, iterative. Returns the component number of each node. */
export function stronglyConnected(deps: number[][]): { comp: number[]; cyclic: boolean[] } {
  const n = deps.length;
  const idx: number[] = new Array<number>(n).fill(-1);
  const low: number[] = new Array<number>(n).fill(0);
  const onStack: boolean[] = new Array<boolean>(n).fill(false);
  const comp: number[] = new Array<number>(n).fill(-1);
  const cyclic: boolean[] = [];
  const stack: number[] = [];
  let counter = 0;
  const visit = (v: number): void => {
    idx[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
  };
  for (let root = 0; root < n; root++) {
    if (idx[root] !== -1) continue;
    visit(root);
    // Each frame: a node and the position of the next dependency edge to follow.
    const work: [number, number][] = [[root, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const v = frame[0];
      const out = deps[v]!;
      if (frame[1] < out.length) {
        const w = out[frame[1]++]!;
        if (idx[w] === -1) {
          visit(w);
          work.push([w, 0]);
        } else if (onStack[w]) {
          low[v] = Math.min(low[v]!, idx[w]!);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]]!, low[v]!);
      if (low[v] !== idx[v]) continue;
      const c = cyclic.length;
      let size = 0;
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = false;
        comp[w] = c;
        size++;
      } while (w !== v);
      cyclic.push(size > 1 || out.includes(v));
    }
  }
  return { comp, cyclic };
}

/**
 * Cycles covering every node of the cyclic components: for each node not yet on a reported cycle (in item
 * order), the shortest cycle through it (BFS inside its component). Each is reported once, rotated to start
 * at its earliest node, as a list where each story depends on the next and the last on the first.
 */
export function coveringCycles(deps: number[][], comp: number[], cyclic: boolean[]): number[][] {
  const covered = new Set<number>();
  const cycles: number[][] = [];
  for (let start = 0; start < deps.length; start++) {
    if (!cyclic[comp[start]!] || covered.has(start)) continue;
    const parent = new Map<number, number>([[start, -1]]);
    const queue = [start];
    let last = -1;
    for (let head = 0; head < queue.length && last === -1; head++) {
      const v = queue[head]!;
      for (const w of deps[v]!) {
        if (w === start) {
          last = v;
          break;
        }
        if (comp[w] === comp[start] && !parent.has(w)) {
          parent.set(w, v);
          queue.push(w);
        }
      }
    }
    const path: number[] = [];
    for (let v = last; v !== -1; v = parent.get(v)!) path.push(v);
    path.reverse();
    const first = path.indexOf(path.reduce((a, b) => Math.min(a, b)));
    const cycle = [...path.slice(first), ...path.slice(0, first)];
    for (const v of cycle) covered.add(v);
    cycles.push(cycle);
  }
  return cycles;
}
