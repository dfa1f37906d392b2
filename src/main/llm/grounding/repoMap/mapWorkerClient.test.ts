import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { liveMapWorkers, MAP_WORKER_NAME, mapWorkerEntry } from './mapWorkerClient';
import { buildProjectMap } from './projectMap';
import { repoMapCacheDir } from './mapCache';
import type { MapProgress } from './repoMap';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A project of `n` scripts with a few exports each, in folders of 50: parsing them takes the builder a while. */
function bigProject(n: number): string {
  const root = mkdtempSync(path.join(tmpdir(), 'puffin-map-worker-'));
  dirs.push(root);
  for (let i = 0; i < n; i++) {
    const dir = path.join(root, 'src', `area${Math.floor(i / 50)}`);
    if (i % 50 === 0) mkdirSync(dir, { recursive: true });
    const fns = Array.from(
      { length: 12 },
      (_, k) => `export function f${i}_${k}(x: number) { return x + ${k}; }`,
    );
    writeFileSync(path.join(dir, `m${i}.ts`), `${fns.join('\n')}\nexport class C${i} {}\n`);
  }
  return root;
}

const fresh = (root: string) => rmSync(repoMapCacheDir(root), { recursive: true, force: true });
const request = (root: string) => ({ root, allow: [], budgetTokens: 2000 });

describe('the repo map worker', () => {
  const root = bigProject(1500);

  it('is found beside its module when run from source, and beside a bundle from its entry or a chunk', () => {
    expect(mapWorkerEntry()).toMatchObject({ viaTsx: true, file: expect.stringMatching(/mapWorker\.ts$/) });
    const bundle = mkdtempSync(path.join(tmpdir(), 'puffin-map-bundle-'));
    dirs.push(bundle);
    const chunk = pathToFileURL(path.join(bundle, 'chunks', 'core-X.js')).href;
    expect(mapWorkerEntry(chunk)).toBeNull();
    writeFileSync(path.join(bundle, `${MAP_WORKER_NAME}.js`), '');
    const built = { viaTsx: false, file: path.join(bundle, `${MAP_WORKER_NAME}.js`) };
    expect(mapWorkerEntry(chunk)).toEqual(built);
    expect(mapWorkerEntry(pathToFileURL(path.join(bundle, 'host.js')).href)).toEqual(built);
  });

  it('builds the same map as this thread does, reporting progress, and leaves no thread behind', async () => {
    fresh(root);
    const progress: MapProgress[] = [];
    const inWorker = await buildProjectMap(
      { ...request(root), onProgress: (p) => progress.push(p) },
      'worker',
    );
    expect(liveMapWorkers()).toBe(0);
    expect(inWorker.parsed).toBe(1500);
    fresh(root);
    const here = await buildProjectMap(request(root), 'in-process');
    expect(inWorker.text).toBe(here.text);
    expect(progress[0]).toEqual({ phase: 'listing', done: 0, total: 0 });
    expect(progress.at(-1)).toEqual({ phase: 'reading', done: 1500, total: 1500 });
  });

  it('is terminated by a cancel: the build rejects with the reason once the thread is gone', async () => {
    fresh(root);
    const controller = new AbortController();
    let reading = 0;
    const build = buildProjectMap(
      {
        ...request(root),
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === 'reading' && ++reading === 1) controller.abort(new Error('stopped by the user'));
        },
      },
      'worker',
    );
    await expect(build).rejects.toThrow('stopped by the user');
    expect(reading).toBe(1);
    expect(liveMapWorkers()).toBe(0);
  });

  it("keeps this thread's event loop free while it builds", async () => {
    fresh(root);
    let fired = 0;
    const timer = setInterval(() => fired++, 2);
    const before = performance.eventLoopUtilization();
    const map = await buildProjectMap(request(root), 'worker');
    const used = performance.eventLoopUtilization(before);
    clearInterval(timer);
    expect(map.parsed).toBe(1500);
    // The timer kept firing throughout, and this thread was idle most of the time (in-process it is near 1).
    expect(fired).toBeGreaterThan(20);
    expect(used.utilization).toBeLessThan(0.35);
  });
});
