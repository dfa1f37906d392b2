// The project watch: time to re-evaluate after files change, on the generated projects of the assertions bench
// (N files, N/2 assertions stored as stories of 10). Baseline, same run: a full `puffin verify` evaluation of every
// assertion with a fresh cache, which is what re-checking without the watch costs.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AssertionRun } from '../src/shared/assertions';
import type { RawAssertion } from '../src/main/assertions/evaluate';
import { startProjectWatch, type WatchUpdate } from '../src/main/verify/projectWatch';
import { verifyProject, type VerifySource } from '../src/main/verify/verifyProject';
import { generate, median, relPath, source, workload } from './assertions.bench';
import type { BenchModule } from './types';

const SIZES = [500, 1000, 2000];
const CHANGED = [1, 10, 50];
const REPEATS = 5;
const PER_STORY = 10;

/** Stories of 10 assertions each, kept in memory (the store is not what is measured). */
function memorySource(assertions: RawAssertion[]): VerifySource {
  const sets = new Map<string, RawAssertion[]>();
  assertions.forEach((a, i) => {
    const id = `story-${Math.floor(i / PER_STORY)}`;
    sets.set(id, [...(sets.get(id) ?? []), a]);
  });
  const history = new Map<string, AssertionRun[]>();
  return {
    stories: async () => [...sets.keys()].map((id) => ({ id, title: id })),
    assertions: async (id) => sets.get(id) ?? [],
    history: async (id) => history.get(id) ?? [],
    record: async (id, run) => void history.set(id, [...(history.get(id) ?? []), run]),
  };
}

/** .ts files only (every third file): each is the target of single-file assertions and matched by the globs. */
function tsFile(files: number, k: number): number {
  const i = (k * 7 * 3 + 1) % files;
  return relPath(i).endsWith('.ts') ? i : tsFile(files, k + 1);
}

interface Row {
  /** Whether the 10 glob assertions were among the stored ones. */
  globs: boolean;
  files: number;
  assertions: number;
  changed: number;
  evaluated: number;
  watchMs: number;
  fullMs: number;
}

async function measure(files: number, changedCounts: readonly number[], globs: boolean): Promise<Row[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), `puffin-bench-watch-${files}-`));
  try {
    await mkdir(root, { recursive: true });
    await generate(root, files);
    const list = workload(files).filter((a) => globs || !a.id.startsWith('G'));
    const src = memorySource(list);
    const fullTimes: number[] = [];
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now();
      await verifyProject(root, src);
      fullTimes.push(performance.now() - t0);
    }
    const rows: Row[] = [];
    let last: WatchUpdate | null = null;
    const watch = await startProjectWatch({
      projectDir: root,
      source: src,
      watchFiles: false,
      onUpdate: (u) => (last = u),
      onError: (e) => {
        throw e;
      },
    });
    try {
      let round = 0;
      const change = async (count: number): Promise<WatchUpdate> => {
        const rels: string[] = [];
        for (let k = 0; k < count; k++) {
          const i = tsFile(files, round * 61 + k);
          rels.push(relPath(i));
          await writeFile(
            path.join(root, relPath(i)),
            `${source(i)}\nexport const edit${round}_${k} = ${round};\n`,
          );
        }
        round++;
        watch.changed(rels);
        await watch.flush();
        return last!;
      };
      await change(5); // warm: the long-lived cache reads the project once, as the app does after opening it
      for (const count of changedCounts) {
        const times: number[] = [];
        let evaluated = 0;
        for (let r = 0; r < REPEATS; r++) {
          const u = await change(count);
          times.push(u.durationMs);
          evaluated = u.evaluated;
        }
        rows.push({
          globs,
          files,
          assertions: list.length,
          changed: count,
          evaluated,
          watchMs: median(times),
          fullMs: median(fullTimes),
        });
      }
    } finally {
      watch.close();
    }
    return rows;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

const bench = {
  title: 'Project watch (re-evaluation after a change, generated 2,000-file project)',
  async run(): Promise<string> {
    await measure(200, [1], true); // warm up the JIT and the file system cache
    const rows: Row[] = [];
    for (const globs of [false, true])
      for (const n of SIZES) rows.push(...(await measure(n, n === 2000 ? CHANGED : [1], globs)));
    const one = (globs: boolean) => rows.filter((r) => r.changed === 1 && r.globs === globs);
    const big = rows.filter((r) => r.files === 2000 && r.globs);
    const lines = [
      'The watch is given the changed paths directly (file-system event latency is not measured) after one warm-up ' +
        `change; median of ${REPEATS} changes. Each changed file is a TypeScript file. Without globs, only the ` +
        'single-file assertions on the changed files run again. With the 10 glob assertions of the assertions bench ' +
        '(`src/**/*.ts`, `src/**/*.css`), every change to a .ts file re-runs the .ts globs over all matching files, ' +
        'from the cache: only the changed files are read and parsed again, and the per-file facts (exports, ipcMain ' +
        'calls) of the others are reused. Baseline, same run: the full evaluation `puffin verify` does (every ' +
        'assertion, fresh cache; median of 3).',
      '',
      '| glob assertions | files | assertions | files changed | assertions re-evaluated | watch re-evaluation | full evaluation | watch ÷ full |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.globs ? 'yes' : 'no'} | ${r.files} | ${r.assertions} | ${r.changed} | ${r.evaluated} | ${r.watchMs.toFixed(1)} ms | ` +
          `${r.fullMs.toFixed(0)} ms | ${(r.watchMs / r.fullMs).toFixed(3)}× |`,
      ),
      '',
      `One changed file, single-file assertions only: ${one(false)
        .map((r) => `${r.watchMs.toFixed(1)} ms at ${r.files} files`)
        .join(', ')} ` +
        `(flat: the cost follows the files changed). With the glob assertions: ${one(true)
          .map((r) => `${r.watchMs.toFixed(1)} ms at ${r.files}`)
          .join(', ')}; ` +
        `at 2,000 files, ${big.map((r) => `${r.changed} changed: ${r.watchMs.toFixed(1)} ms`).join(', ')}.`,
    ];
    return lines.join('\n');
  },
} satisfies BenchModule;

export default bench;
