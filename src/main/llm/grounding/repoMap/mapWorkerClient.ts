/**
 * Runs one repo map build in a worker thread (mapWorker.ts) and answers its map. Cancelling terminates the worker:
 * the promise settles only once the thread has exited, so nothing of a cancelled build is left running.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MapProgress, RepoMap } from './repoMap';
import type { MapJob, MapWorkerMessage } from './mapWorkerProtocol';

/** The worker's file name in every build (electron.vite.config.ts, scripts/prebuiltLayout.cjs). */
export const MAP_WORKER_NAME = 'repoMapWorker';

export interface WorkerEntry {
  file: string;
  /** Run from the TypeScript source (tests, tsx): the worker is booted through tsx. */
  viaTsx: boolean;
}

/**
 * Where the worker is: the built file beside this module's bundle or chunk (the entry sits at the bundle's top, a
 * chunk one folder below), or, run from source, the TypeScript beside this file. Null: a build without it.
 */
export function mapWorkerEntry(moduleUrl = import.meta.url): WorkerEntry | null {
  for (const rel of ['./', '../'])
    for (const ext of ['.js', '.mjs']) {
      const file = fileURLToPath(new URL(`${rel}${MAP_WORKER_NAME}${ext}`, moduleUrl));
      if (existsSync(file)) return { file, viaTsx: false };
    }
  if (/\.ts$/.test(moduleUrl))
    return { file: fileURLToPath(new URL('./mapWorker.ts', moduleUrl)), viaTsx: true };
  return null;
}

/** Plain JavaScript: imports the worker's TypeScript source through tsx (the thread has no loader of its own). */
const TSX_BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.boot.tsxApi).then(({ tsImport }) => tsImport(workerData.boot.file, workerData.boot.file));
`;

const live = new Set<Worker>();
/** Worker threads of map builds that have not exited yet (tests check that a cancel leaves none). */
export const liveMapWorkers = (): number => live.size;

export interface WorkerRun {
  signal?: AbortSignal;
  onProgress?: (p: MapProgress) => void;
}

export function runMapWorker(job: MapJob, entry: WorkerEntry, run: WorkerRun = {}): Promise<RepoMap> {
  const { signal, onProgress } = run;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  const worker = entry.viaTsx
    ? new Worker(TSX_BOOT, {
        eval: true,
        workerData: {
          ...job,
          boot: {
            file: pathToFileURL(entry.file).href,
            tsxApi: pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href,
          },
        },
      })
    : new Worker(entry.file, { workerData: job });
  live.add(worker);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  void exited.then(() => live.delete(worker));
  return new Promise<RepoMap>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      // Settled only after the thread is gone: its git children and open files with it.
      void worker.terminate().then(() => exited.then(outcome));
    };
    const onAbort = () => settle(() => reject(signal!.reason as Error));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: MapWorkerMessage) => {
      if (m.type === 'progress') onProgress?.(m.progress);
      else if (m.type === 'done') settle(() => resolve(m.map));
      else settle(() => reject(new Error(m.message)));
    });
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`The project map's worker stopped (exit code ${code}).`))),
    );
  });
}
