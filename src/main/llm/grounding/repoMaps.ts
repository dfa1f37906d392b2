/**
 * The repo-map builders of one composition root, one per project folder (each rebuilds its map incrementally):
 * the grounding of tool-using engines and the map-only grounding of the others share them, and the root drops
 * them when it is disposed. Outside any root's request (tests, a script) this process's own set is used.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RepoMapBuilder } from './repoMap/repoMap';

export class RepoMaps {
  private readonly builders = new Map<string, RepoMapBuilder>();

  /** How many project folders have a builder here. */
  get size(): number {
    return this.builders.size;
  }

  /** The builder of the folder at `root` (a real path), made by the first call that needs it. */
  async builder(root: string): Promise<RepoMapBuilder> {
    let builder = this.builders.get(root);
    if (!builder) {
      // Loaded by the first grounded call: the map parses scripts with TypeScript.
      const { RepoMapBuilder } = await import('./repoMap/repoMap');
      builder = this.builders.get(root) ?? new RepoMapBuilder(root);
      this.builders.set(root, builder);
    }
    return builder;
  }

  dispose(): void {
    this.builders.clear();
  }
}

const processMaps = new RepoMaps();
const scope = new AsyncLocalStorage<RepoMaps>();

/** Runs `job` (and everything it starts) with `maps` as the builders currentRepoMaps() returns. */
export function withRepoMaps<T>(maps: RepoMaps, job: () => T): T {
  return scope.run(maps, job);
}

/** The running root's builders, else this process's. */
export function currentRepoMaps(): RepoMaps {
  return scope.getStore() ?? processMaps;
}
