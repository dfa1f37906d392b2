// The repo map under load, for `npm run chaos`: a large cold build in the worker beside the event loop, builds
// cancelled mid-way (nothing left running), and a corrupt cache on disk. (`npm test` has each as a test of its
// own: see the file named in each row.)
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoMapCacheDir } from '../../../src/main/llm/grounding/repoMap/mapCache';
import { liveMapWorkers } from '../../../src/main/llm/grounding/repoMap/mapWorkerClient';
import { buildProjectMap, type MapPlacement } from '../../../src/main/llm/grounding/repoMap/projectMap';
import type { ProbeRow } from './facesProbes';

const FILES = 3000;

function project(dir: string): string {
  const root = join(dir, 'map-project');
  for (let i = 0; i < FILES; i++) {
    const folder = join(root, 'src', `area${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(folder, { recursive: true });
    const fns = Array.from(
      { length: 10 },
      (_, k) => `export function f${i}_${k}(x: number) { return x * ${k}; }`,
    );
    writeFileSync(join(folder, `m${i}.ts`), fns.join('\n'));
  }
  return root;
}

const request = (root: string) => ({ root, allow: [], budgetTokens: 2000 });
const fresh = (root: string) => rmSync(repoMapCacheDir(root), { recursive: true, force: true });

/** The main thread's event-loop utilisation over one cold build. */
async function loopBusy(root: string, placement: MapPlacement): Promise<number> {
  fresh(root);
  const before = performance.eventLoopUtilization();
  await buildProjectMap(request(root), placement);
  return performance.eventLoopUtilization(before).utilization;
}

export async function mapProbes(times: number): Promise<ProbeRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'puffin-chaos-map-'));
  try {
    const root = project(dir);
    const inProcess = await loopBusy(root, 'in-process');
    let busyHeld = 0;
    let busiest = 0;
    for (let i = 0; i < times; i++) {
      const busy = await loopBusy(root, 'worker');
      busiest = Math.max(busiest, busy);
      if (busy < 0.35) busyHeld++;
    }

    let cancelHeld = 0;
    let slowestCancel = 0;
    for (let i = 0; i < times; i++) {
      fresh(root);
      const controller = new AbortController();
      let abortedAt = 0;
      const build = buildProjectMap(
        {
          ...request(root),
          signal: controller.signal,
          onProgress: (p) => {
            if (p.phase !== 'reading' || controller.signal.aborted) return;
            abortedAt = performance.now();
            controller.abort(new Error('cancelled'));
          },
        },
        'worker',
      );
      const outcome = await build.then(
        () => 'built',
        (err: Error) => err.message,
      );
      slowestCancel = Math.max(slowestCancel, performance.now() - abortedAt);
      if (outcome === 'cancelled' && liveMapWorkers() === 0) cancelHeld++;
    }

    let corruptHeld = 0;
    const good = (await buildProjectMap(request(root), 'worker')).text;
    for (let i = 0; i < times; i++) {
      const cache = repoMapCacheDir(root);
      for (const f of readdirSync(cache))
        writeFileSync(join(cache, f), i % 2 ? '{"format":1,"entries":[' : '\0\0\0');
      const rebuilt = await buildProjectMap(request(root), 'worker');
      if (rebuilt.text === good && rebuilt.parsed === FILES) corruptHeld++;
    }
    return [
      {
        fault: `a cold repo map build of ${FILES} files in the app or the host`,
        test: 'src/main/llm/grounding/repoMap/mapWorkerClient.test.ts',
        tried: times,
        held: busyHeld,
        figure: `main event loop busy ${(busiest * 100).toFixed(0)} % at most (built on it: ${(inProcess * 100).toFixed(0)} %)`,
      },
      {
        fault: 'a repo map build cancelled mid-way',
        test: 'src/main/llm/grounding/repoMap/mapWorkerClient.test.ts',
        tried: times,
        held: cancelHeld,
        figure: `${cancelHeld} cancelled, 0 worker threads left; slowest ${slowestCancel.toFixed(0)} ms from cancel to settled`,
      },
      {
        fault: 'a corrupt repo map cache',
        test: 'src/main/llm/grounding/repoMap/repoMapCache.test.ts',
        tried: times,
        held: corruptHeld,
        figure: `${corruptHeld} rebuilt from the files, the same map as before`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
