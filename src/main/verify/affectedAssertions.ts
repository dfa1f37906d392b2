// Which stored assertions a set of changed paths can affect, found in time proportional to the paths changed (a
// lookup per path and per folder above it, plus one test per glob target), not to the project or the assertions.
import { globToRegExp, isGlob } from '../assertions/glob';
import { normalizeTarget } from '../assertions/paths';

export interface AssertionRef {
  storyId: string;
  assertionId: string;
}

export interface ChangedPath {
  /** Relative to the project root, forward slashes. */
  rel: string;
  /** `folder`: a folder was created, renamed or removed; `gone`: the path no longer exists (file or folder). */
  kind: 'file' | 'folder' | 'gone';
}

interface GlobTarget {
  re: RegExp;
  /** The literal folders before the first wildcard ('' for a glob at the root). */
  base: string;
  refs: AssertionRef[];
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function ancestors(rel: string): string[] {
  const parts = rel.split('/');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

function globBase(glob: string): string {
  const parts = glob.split('/');
  const firstWild = parts.findIndex((p) => isGlob(p));
  return parts.slice(0, firstWild === -1 ? parts.length - 1 : firstWild).join('/');
}

export class TargetIndex {
  /** Literal target → assertions on it. */
  private readonly exact = new Map<string, AssertionRef[]>();
  /** Folder → assertions whose literal target lies below it (a folder that goes away takes them along). */
  private readonly below = new Map<string, AssertionRef[]>();
  private readonly globs: GlobTarget[] = [];

  constructor(sets: ReadonlyMap<string, readonly { id: string; target: string }[]>) {
    for (const [storyId, assertions] of sets) {
      for (const a of assertions) this.add({ storyId, assertionId: a.id }, a.target);
    }
  }

  private add(ref: AssertionRef, target: string): void {
    let normal: string;
    try {
      normal = normalizeTarget(target);
    } catch {
      return; // A target the engine refuses errors whatever the files say: no change can affect it.
    }
    if (isGlob(normal)) {
      const base = globBase(normal);
      const known = this.globs.find((g) => g.re.source === globToRegExp(normal).source);
      if (known) known.refs.push(ref);
      else this.globs.push({ re: globToRegExp(normal), base, refs: [ref] });
      return;
    }
    push(this.exact, normal, ref);
    for (const folder of ancestors(normal)) push(this.below, folder, ref);
  }

  /** The affected assertions, grouped by story, each once. */
  affected(changed: readonly ChangedPath[]): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    const mark = (refs: readonly AssertionRef[] | undefined) => {
      for (const r of refs ?? []) {
        const set = out.get(r.storyId) ?? new Set<string>();
        set.add(r.assertionId);
        out.set(r.storyId, set);
      }
    };
    for (const c of changed) {
      // The path itself, and a literal target that is a folder above it (FILE_EXISTS of a folder, say).
      mark(this.exact.get(c.rel));
      for (const folder of ancestors(c.rel)) mark(this.exact.get(folder));
      if (c.kind !== 'file') mark(this.below.get(c.rel));
      for (const g of this.globs) {
        if (g.re.test(c.rel)) mark(g.refs);
        // A folder event may move or remove many matching files at once.
        else if (
          c.kind !== 'file' &&
          (g.base === '' || g.base.startsWith(`${c.rel}/`) || `${c.rel}/`.startsWith(`${g.base}/`))
        )
          mark(g.refs);
      }
    }
    return out;
  }
}
