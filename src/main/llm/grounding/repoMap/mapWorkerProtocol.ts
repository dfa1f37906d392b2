/** The messages between the repo map's worker (mapWorker.ts) and the thread that started it. */
import type { MapProgress, RepoMap } from './repoMap';

export interface MapJob {
  root: string;
  /** Sensitive paths the project settings allow (the worker loads the policy itself). */
  allow: string[];
  budgetTokens: number;
  maxReadBytes?: number;
}

export type MapWorkerMessage =
  | { type: 'progress'; progress: MapProgress }
  | { type: 'done'; map: RepoMap }
  | { type: 'error'; message: string };
