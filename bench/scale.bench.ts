// Scale: every input grown by factors of ten, big measured against small in the same run. Projects are written
// straight in the store's format (scaleProject.ts); each command is a real `puffin` process timed in CPU (user +
// sys of the process and its children), sizes interleaved, the first round a warm-up. Growth exponent: the slope of
// log(CPU) against log(size) from the smallest size to the largest (0: flat, 1: linear).
import { rename, rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../test/support/scratchDir';
import { interleaved, median, timedRun } from './childCpu';
import { headlessCall, makeRepo, warmCalls } from './scaleGrounding';
import { hostOpen } from './scaleHost';
import { keptPart, scaleParts } from './scaleKept';
import { makeScaleProject, type ScaleProject } from './scaleProject';
import { buildIfMissing } from './seededHost';
import type { BenchModule } from './types';

const STORIES = [10, 200, 1_000, 10_000, 100_000] as const;
const HISTORY = [10, 1_000, 10_000] as const;
/** Assertions in all, over the same 10 specified stories. */
const ASSERTIONS = [10, 100, 1_000] as const;
const FILES = [500, 5_000, 50_000] as const;
const RUNS = 5;

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(root, 'bin', 'puffin.cjs');
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const exponent = (small: number, big: number, nSmall: number, nBig: number) =>
  (Math.log(big / small) / Math.log(nBig / nSmall)).toFixed(2);
const verdict = (ratio: number, goal: number) =>
  `**${ratio.toFixed(2)}×** (goal ≤ ${goal}×: ${ratio <= goal ? 'met' : 'NOT met'})`;

function puffinCpu(userData: string, args: string[]): () => Promise<number> {
  return async () => {
    const r = await timedRun({
      command: process.execPath,
      args: [bin, ...args],
      env: { ...process.env, PUFFIN_USER_DATA: userData },
    });
    if (r.exitCode !== 0 && args[0] !== 'verify')
      throw new Error(`puffin ${args.join(' ')}: exit ${r.exitCode}`);
    return r.cpuMs;
  };
}

/** Median CPU of one command per size, sizes interleaved. */
async function perSize<N extends number>(
  sizes: readonly N[],
  command: (n: N) => () => Promise<number>,
  runs = RUNS,
): Promise<Map<N, number>> {
  const sides = Object.fromEntries(sizes.map((n) => [String(n), command(n)]));
  const s = await interleaved(sides, runs);
  return new Map(sizes.map((n) => [n, median(s[String(n)]!)]));
}

function row<N extends number>(label: string, sizes: readonly N[], t: Map<N, number>): string {
  const first = sizes[0]!;
  const last = sizes.at(-1)!;
  const cells = sizes.map((n) => fmt(t.get(n)!)).join(' | ');
  return `| ${label} | ${cells} | ${exponent(t.get(first)!, t.get(last)!, first, last)} |`;
}

const header = (what: string, sizes: readonly number[]) => [
  `| ${what} | ${sizes.map((n) => n.toLocaleString('en')).join(' | ')} | growth exponent |`,
  `| --- | ${sizes.map(() => '---:').join(' | ')} | ---: |`,
];

async function storyRows(tmp: string, userData: string): Promise<string[]> {
  const projects = new Map<number, ScaleProject>();
  const made = performance.now();
  for (const n of STORIES) projects.set(n, await makeScaleProject(tmp, { stories: n, specified: 10 }));
  const madeMs = performance.now() - made;
  const dir = (n: number) => projects.get(n)!.dir;
  // The first list of each project builds its index (every story read once): timed alone, before the rest.
  const firstList = new Map<number, number>();
  for (const n of STORIES)
    firstList.set(n, await puffinCpu(userData, ['stories', 'list', '--project', dir(n), '--limit', '50'])());
  const list = await perSize(STORIES, (n) =>
    puffinCpu(userData, ['stories', 'list', '--project', dir(n), '--limit', '50']),
  );
  const verify = await perSize(STORIES, (n) => puffinCpu(userData, ['verify', '--project', dir(n)]));
  const opened = new Map<number, { cpuMs: number[]; bytes: number }>();
  for (let i = -1; i < 3; i++)
    for (const n of STORIES) {
      const o = await hostOpen(dir(n), userData);
      const entry = opened.get(n) ?? { cpuMs: [], bytes: o.firstPageBytes };
      if (i >= 0) entry.cpuMs.push(o.cpuMs);
      opened.set(n, entry);
    }
  const host = new Map(STORIES.map((n) => [n, median(opened.get(n)!.cpuMs)]));
  const big = STORIES.at(-1)!;
  await Promise.all([...projects.values()].map((p) => rm(p.dir, { recursive: true, force: true })));
  return [
    ...header('stories in the project', STORIES),
    row('`stories list --limit 50` (CPU, median of 5)', STORIES, list),
    `| the same, first run (builds the local index) | ${STORIES.map((n) => fmt(firstList.get(n)!)).join(' | ')} | — |`,
    row('`verify` (the same 10 specified stories, 1 assertion each)', STORIES, verify),
    row('browser host: launch → project open → first screen answered (median of 3)', STORIES, host),
    `| its first \`stories:page\` answer | ${STORIES.map((n) => `${(opened.get(n)!.bytes / 1024).toFixed(0)} KB`).join(' | ')} | — |`,
    '',
    `- \`stories list --limit 50\` at ${big.toLocaleString('en')} against 200 stories: ${verdict(list.get(big)! / list.get(200)!, 1.5)}.`,
    `- \`verify\` of the same 10 specified stories among ${big.toLocaleString('en')} against among 200: ${verdict(verify.get(big)! / verify.get(200)!, 1.5)}.`,
    `- Opening a ${big.toLocaleString('en')}-story project in the browser host, CPU before the first screen: **${fmt(host.get(big)!)}** (goal ≤ 1,000 ms: ${host.get(big)! <= 1000 ? 'met' : 'NOT met'}); it includes the host's own start (the 10-story project: ${fmt(host.get(10)!)}).`,
    `- The projects were written in ${(madeMs / 1000).toFixed(0)} s (record files in the store's format, straight to disk).`,
  ];
}

async function historyRows(tmp: string, userData: string): Promise<string[]> {
  const projects = new Map<number, string>();
  for (const n of HISTORY) projects.set(n, (await makeScaleProject(tmp, { stories: 200, history: n })).dir);
  const list = await perSize(HISTORY, (n) =>
    puffinCpu(userData, ['stories', 'list', '--project', projects.get(n)!, '--limit', '50']),
  );
  await Promise.all([...projects.values()].map((d) => rm(d, { recursive: true, force: true })));
  const big = HISTORY.at(-1)!;
  return [
    ...header('history records (200 stories)', HISTORY),
    row('`stories list --limit 50` (listing reads no history)', HISTORY, list),
    '',
    `- \`stories list --limit 50\` with ${big.toLocaleString('en')} history records against ${HISTORY[0]}: ${verdict(list.get(big)! / list.get(HISTORY[0])!, 1.5)}.`,
  ];
}

async function assertionRows(tmp: string, userData: string): Promise<string[]> {
  const projects = new Map<number, string>();
  for (const n of ASSERTIONS)
    projects.set(
      n,
      (await makeScaleProject(tmp, { stories: 200, specified: 10, assertionsEach: n / 10 })).dir,
    );
  const verify = await perSize(ASSERTIONS, (n) =>
    puffinCpu(userData, ['verify', '--project', projects.get(n)!]),
  );
  await Promise.all([...projects.values()].map((d) => rm(d, { recursive: true, force: true })));
  return [
    ...header('assertions (10 stories of 200)', ASSERTIONS),
    row('`verify` (file-exists assertions)', ASSERTIONS, verify),
  ];
}

async function groundingRows(tmp: string): Promise<string[]> {
  const repos = new Map<number, string>();
  for (const n of FILES) repos.set(n, await makeRepo(tmp, n));
  const dir = (n: number) => repos.get(n)!;
  const call = headlessCall(tmp);
  // The first call on each repository builds its map and the map's cache: timed alone, once.
  const first = new Map<number, number>();
  for (const n of FILES) first.set(n, await call(dir(n))());
  const second = await perSize(FILES, (n) => call(dir(n)));
  const warm = new Map<number, number>();
  for (const n of FILES) {
    await warmCalls(dir(n), 1);
    warm.set(n, (await warmCalls(dir(n), RUNS)).cpuMs);
  }
  // The same files in a plain folder (git's data moved out): the map walks the tree and stats every file.
  const plain = new Map<number, number>();
  for (const n of FILES) {
    const parked = path.join(tmp, `git-${n}`);
    await rename(path.join(dir(n), '.git'), parked);
    await call(dir(n))();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await call(dir(n))());
    plain.set(n, median(samples));
    await rename(parked, path.join(dir(n), '.git'));
  }
  await Promise.all([...repos.values()].map((d) => rm(d, { recursive: true, force: true })));
  const big = FILES.at(-1)!;
  return [
    ...header('files in the repository (committed git work tree)', FILES),
    row('first grounded call: `puffin prompt --project DIR`, the map built', FILES, first),
    row(`second call: \`puffin prompt --project DIR\`, a new process (median of ${RUNS})`, FILES, second),
    row(
      `second call in a warm process (the app, the host): the grounding provider (mean of ${RUNS})`,
      FILES,
      warm,
    ),
    row(
      `second call on the same files in a plain folder (no git): a new process (median of ${RUNS})`,
      FILES,
      plain,
    ),
    '',
    `- The second grounded call at ${big.toLocaleString('en')} files against 500 (a new process each time): ${verdict(second.get(big)! / second.get(500)!, 1.5)}.`,
    "- CPU of every process: a `puffin prompt` call with the git processes it starts and the stand-in CLI (test/support/fakeClaude.mjs, the same on every side); the warm rows, this process and its git children. Repositories and calls are the grounding bench's (bench/scaleGrounding.ts).",
    "- Without git, nothing vouches for a file: every call stats every file and hashes the listing (the plain-folder row), bounded by the walk's limits (100,000 files, 10 s).",
  ];
}

export default {
  title: 'Scale: 10 to 100,000 stories, 10,000 history records, 1,000 assertions, 50,000 files (CPU)',
  async run() {
    buildIfMissing();
    const loadBefore = loadavg()[0]!;
    const tmp = scratchDir('puffin-scale-bench-');
    const userData = scratchDir('puffin-scale-bench-user-');
    try {
      const only = scaleParts();
      const part = async (title: string, rows: () => Promise<string[]>) =>
        [
          `### ${title}`,
          !only || only.has(title.toLowerCase()) ? await rows() : await keptPart(title),
        ] as const;
      const sections = [
        await part('Stories', () => storyRows(tmp, userData)),
        await part('History', () => historyRows(tmp, userData)),
        await part('Assertions', () => assertionRows(tmp, userData)),
        await part('Grounding', () => groundingRows(tmp)),
      ];
      return [
        `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}.`,
        '',
        ...sections.flatMap(([title, lines]) => [title, '', ...lines, '']),
      ].join('\n');
    } finally {
      await rm(tmp, { recursive: true, force: true });
      await rm(userData, { recursive: true, force: true });
    }
  },
} satisfies BenchModule;
