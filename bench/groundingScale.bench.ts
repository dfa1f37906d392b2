// The second grounded call on a generated 50,000-file git repository against the same call on a 500-file one, in
// one run: the whole `puffin prompt --project DIR` in a new process (CPU of every process it starts, git's and the
// stand-in CLI's included), and the same call in a warm process (the grounding provider as the app and the host
// call it). Repositories and calls are the scale bench's (scaleGrounding.ts): both benches time the same thing.
// The first (cold) call of each size builds the map and its cache on disk; the calls measured find it there.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildProjectMap } from '../src/main/llm/grounding/repoMap/projectMap';
import { scratchDir } from '../test/support/scratchDir';
import { interleaved, median } from './childCpu';
import { headlessCall, makeRepo, warmCalls } from './scaleGrounding';
import type { BenchModule } from './types';

const SMALL = 500;
const LARGE = 50_000;
const CALL_RUNS = 11;
const WARM_RUNS = 11;
const GOAL = 1.5;

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const verdict = (ratio: number) =>
  `**${ratio.toFixed(2)}×** (goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'NOT met'})`;

const bench = {
  title: 'Grounding at scale (second grounded call, 500 vs 50,000 files)',
  async run(): Promise<string> {
    const tmp = scratchDir('puffin-bench-grounding-');
    try {
      const repos = path.join(tmp, 'repos');
      mkdirSync(repos);
      const small = await makeRepo(repos, SMALL);
      const large = await makeRepo(repos, LARGE);
      const call = headlessCall(tmp);
      // The cold calls: each builds its map and cache (the large one timed here, in-process, as the CLI does).
      const t0 = performance.now();
      const cold = await buildProjectMap({ root: large, allow: [], budgetTokens: 2000 }, 'in-process');
      const coldMs = performance.now() - t0;
      await call(small)();
      await call(large)();
      const calls = await interleaved({ small: call(small), large: call(large) }, CALL_RUNS);
      await warmCalls(small, 1);
      await warmCalls(large, 1);
      const warm = { small: await warmCalls(small, WARM_RUNS), large: await warmCalls(large, WARM_RUNS) };

      const callRatio = median(calls.large) / median(calls.small);
      const warmRatio = warm.large.cpuMs / warm.small.cpuMs;
      return [
        `Generated git repositories of ${SMALL} and ${LARGE.toLocaleString('en')} files (TypeScript mostly, 20 to a folder, bench/scaleGrounding.ts), committed. ` +
          `The first call on each builds the map and its cache under \`.puffin/local/cache/repo-map/\` ` +
          `(the 50,000-file cold build, in-process: ${fmt(coldMs)}, ${cold.parsed.toLocaleString('en')} files parsed); the calls below are later ones, ` +
          `after one warm-up round. The engine is the stand-in CLI (test/support/fakeClaude.mjs), the same on both sides.`,
        '',
        `| second grounded call | ${SMALL} files | ${LARGE.toLocaleString('en')} files | ratio |`,
        '|---|---:|---:|---:|',
        `| \`puffin prompt --project DIR\`, a new process: CPU of every process (median of ${CALL_RUNS}, interleaved) | ${fmt(median(calls.small))} | ${fmt(median(calls.large))} | ${verdict(callRatio)} |`,
        `| the grounding provider in a warm process (the app, the host): CPU of the process and its git children (mean of ${WARM_RUNS}) | ${fmt(warm.small.cpuMs)} | ${fmt(warm.large.cpuMs)} | ${warmRatio.toFixed(1)}× |`,
        '',
        "An unchanged work tree is recognised from git's index file and `git status --untracked-files=no`: git's walk of " +
          'every folder for untracked and ignored files is skipped while no folder, `.gitignore` or git file it ' +
          'depends on changed (Puffin stats those itself, src/main/llm/grounding/repoMap/statusSnapshot.ts), no ' +
          "tracked file is listed, read or parsed, the last rendered map is read back, and the engine's access rules " +
          "reuse the map's policy. " +
          `Puffin's own part of a warm call (${fmt(warm.small.cpuMs - warm.small.gitMs)} and ${fmt(warm.large.cpuMs - warm.large.gitMs)}) ` +
          `includes the folder stats; what grows most is git's (${fmt(warm.small.gitMs)} and ${fmt(warm.large.gitMs)}): ` +
          'comparing every tracked file with the index is one lstat each, the floor of any change check without a ' +
          "file-system monitor (`core.fsmonitor` is the user's setting, not Puffin's to write). A headless call " +
          'dilutes it with its own start.',
      ].join('\n');
    } finally {
      rmSync(tmp, { recursive: true, force: true, maxRetries: 5 });
    }
  },
} satisfies BenchModule;

export default bench;
