/**
 * The repo map of a project as a grounded call asks for it, built where the face wants it: in a worker thread for
 * the app and the browser host (their event loops serve other clients meanwhile), in-process for the headless CLI
 * (one call per process, nothing else waits on its loop, and a worker would load the map's code a second time).
 */
import { loadMapInputs, type MapInputs } from './mapInputs';
import { mapWorkerEntry, runMapWorker, type WorkerEntry } from './mapWorkerClient';
import type { MapProgress, RepoMap } from './repoMap';

export interface ProjectMapRequest {
  root: string;
  allow: readonly string[];
  budgetTokens: number;
  signal?: AbortSignal;
  onProgress?: (p: MapProgress) => void;
  /** The status and policy, already loaded by the caller (in-process builds only; a worker loads its own). */
  inputs?: MapInputs;
}

/** Where maps are built: in a worker (the app, the host) or in this thread (the headless CLI, MCP). */
export type MapPlacement = 'worker' | 'in-process';

export async function buildProjectMap(
  req: ProjectMapRequest,
  placement: MapPlacement,
  entry: WorkerEntry | null = placement === 'worker' ? mapWorkerEntry() : null,
): Promise<RepoMap> {
  const run = {
    ...(req.signal ? { signal: req.signal } : {}),
    ...(req.onProgress ? { onProgress: req.onProgress } : {}),
  };
  // A build that ships without the worker file still gets its map, on this thread.
  if (entry)
    return runMapWorker(
      { root: req.root, allow: [...req.allow], budgetTokens: req.budgetTokens },
      entry,
      run,
    );
  const [{ RepoMapBuilder }, { policy, gitStatus }] = await Promise.all([
    import('./repoMap'),
    req.inputs ?? loadMapInputs(req.root, req.allow),
  ]);
  return new RepoMapBuilder(req.root).build({
    policy: policy.policy,
    policyKey: policy.key,
    gitStatus,
    budgetTokens: req.budgetTokens,
    ...run,
  });
}
