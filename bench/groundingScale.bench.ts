// The second grounded call on a generated 50,000-file git repository against the same call on a 500-file one, in
// one run: the whole `puffin prompt --project DIR` (CPU of every process it starts, the stand-in CLI included, which
// costs the same on both sides), and the repo map's part of it alone (the grounding provider as the CLI calls it).
// The first (cold) call of each size builds the map and its cache on disk; the calls measured find it there.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createGroundingProvider } from '../src/main/llm/grounding/callGrounding';
import { buildProjectMap } from '../src/main/llm/grounding/repoMap/projectMap';
import { memoryLogger } from '../test/support/memoryLogger';
import { fakeClaudePath } from '../test/support/fakeCli';
import { scratchDir } from '../test/support/scratchDir';
import { interleaved, median, timedRun } from './childCpu';
import type { BenchModule } from './types';

const SMALL = 500;
const LARGE = 50_000;
const CALL_RUNS = 11;
const MAP_RUNS = 11;
const GOAL = 1.5;

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'bin', 'puffin.cjs');

/** `n` TypeScript files of a few exports each, 100 to a folder, committed to a fresh git repository. */
function generate(root: string, n: number): void {
  for (let i = 0; i < n; i++) {
    const dir = path.join(root, 'packages', `p${Math.floor(i / 5000)}`, 'src', `area${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `m${i}.ts`),
      `export interface Item${i} { id: string }\nexport function load${i}(id: string): Item${i} {\n  return { id };\n}\nexport const LIMIT_${i} = ${i};\n`,
    );
  }
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: `bench-${n}`, scripts: { test: 'vitest' } }),
  );
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      // No background gc: it would still be writing into .git when the bench removes the repository.
      ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'gc.auto=0', ...args],
      {
        cwd: root,
        stdio: 'ignore',
      },
    );
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'generated');
}

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const verdict = (ratio: number) =>
  `**${ratio.toFixed(2)}×** (goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'NOT met'})`;

const bench = {
  title: 'Grounding at scale (second grounded call, 500 vs 50,000 files)',
  async run(): Promise<string> {
    const tmp = scratchDir('puffin-bench-grounding-');
    try {
      const small = path.join(tmp, 'small');
      const large = path.join(tmp, 'large');
      mkdirSync(small);
      mkdirSync(large);
      generate(small, SMALL);
      generate(large, LARGE);
      const env = {
        ...process.env,
        PUFFIN_USER_DATA: path.join(tmp, 'user-data'),
        PUFFIN_CLAUDE_PATH: fakeClaudePath(),
        FAKE_CLAUDE_SCENARIO: 'happy',
        FAKE_CLAUDE_OUTPUT: JSON.stringify({ text: 'ok' }),
      };
      const prompt = path.join(tmp, 'prompt.txt');
      writeFileSync(prompt, 'Name one file of this project.\n');
      const call = (dir: string) => async () => {
        const r = await timedRun({
          command: process.execPath,
          args: [bin, 'prompt', '--project', dir],
          env,
          stdin: prompt,
        });
        if (r.exitCode !== 0) throw new Error(`puffin prompt --project failed (exit ${r.exitCode})`);
        return r.cpuMs;
      };
      // The cold calls: each builds its map and cache (the large one timed here, in-process, as the CLI does).
      const t0 = performance.now();
      const cold = await buildProjectMap({ root: large, allow: [], budgetTokens: 2000 }, 'in-process');
      const coldMs = performance.now() - t0;
      await call(small)();
      await call(large)();
      const calls = await interleaved({ small: call(small), large: call(large) }, CALL_RUNS);

      const { logger } = memoryLogger();
      const provide = createGroundingProvider({ logger });
      const mapTime = (dir: string) => async () => {
        const t = performance.now();
        await provide(dir, {});
        return performance.now() - t;
      };
      const maps = await interleaved({ small: mapTime(small), large: mapTime(large) }, MAP_RUNS);

      const callRatio = median(calls.large) / median(calls.small);
      const mapRatio = median(maps.large) / median(maps.small);
      return [
        `Generated git repositories of ${SMALL} and ${LARGE.toLocaleString('en')} TypeScript files (3 exports each, 100 to a folder), committed. ` +
          `The first call on each builds the map and its cache under \`.puffin/local/cache/repo-map/\` ` +
          `(the 50,000-file cold build, in-process: ${fmt(coldMs)}, ${cold.parsed.toLocaleString('en')} files parsed); the calls below are later ones, interleaved, ` +
          `after one warm-up round. The engine is the stand-in CLI (test/support/fakeClaude.mjs), the same on both sides.`,
        '',
        `| second grounded call | ${SMALL} files | ${LARGE.toLocaleString('en')} files | ratio |`,
        '|---|---:|---:|---:|',
        `| \`puffin prompt --project DIR\`, CPU of every process (median of ${CALL_RUNS}) | ${fmt(median(calls.small))} | ${fmt(median(calls.large))} | ${verdict(callRatio)} |`,
        `| the map alone: the grounding provider, wall time (median of ${MAP_RUNS}) | ${fmt(median(maps.small))} | ${fmt(median(maps.large))} | ${mapRatio.toFixed(1)}× |`,
        '',
        'An unchanged work tree is recognised from one `git status` (which also says what git ignores, for the ' +
          "policy) and git's index file: no tracked file is listed, read or parsed, and the last rendered map is read " +
          "back. What still grows with the tree is git's own work: `git status` stats every tracked file and reads " +
          'every folder (the floor of any change check without a file-system monitor); that is the map-alone ratio, ' +
          'which the rest of the call dilutes.',
      ].join('\n');
    } finally {
      rmSync(tmp, { recursive: true, force: true, maxRetries: 5 });
    }
  },
} satisfies BenchModule;

export default bench;
