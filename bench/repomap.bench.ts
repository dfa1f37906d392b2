// Repo map build time on a generated 2,000-file project: cold (every file read and parsed), unchanged (the cached
// map after a walk), and after one file changes (a walk, one parse, one render).
// Baselines, measured in the same run: for the cold build, reading every file and ts.createSourceFile on every
// script with no map logic; for the rebuilds, the walk alone (readdir + lstat of every file), the least any
// modification-time check can cost.
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ts from 'typescript';
import { RepoMapBuilder, DEFAULT_MAP_BUDGET_TOKENS } from '../src/main/llm/grounding/repoMap/repoMap';
import { repoMapCacheDir } from '../src/main/llm/grounding/repoMap/mapCache';
import type { BenchModule } from './types';

const FILES = 2000;
const REPEATS = 7;

function relPath(i: number): string {
  const ext = i % 10 === 7 ? 'css' : i % 25 === 3 ? 'json' : i % 40 === 9 ? 'md' : i % 3 === 0 ? 'tsx' : 'ts';
  return `packages/pkg${i % 4}/src/area${Math.floor(i / 100)}/group${Math.floor(i / 20) % 5}/file${i}.${ext}`;
}

function source(i: number): string {
  const rel = relPath(i);
  if (rel.endsWith('.css')) return `.card-${i} { color: red; }\n`.repeat(20);
  if (rel.endsWith('.json')) return JSON.stringify({ id: i, tags: ['a', 'b'], nested: { n: i } }, null, 2);
  if (rel.endsWith('.md')) return `# File ${i}\n\n${'Some prose. '.repeat(80)}\n`;
  const fns = Array.from(
    { length: 8 },
    (_, k) => `export function util${i}_${k}(x: number): number {\n  return x * ${k} + ${i};\n}\n`,
  ).join('\n');
  return (
    `import { readFile } from 'node:fs/promises';\n\nexport interface Item${i} { id: string; n: number }\n\n` +
    `export class Service${i} {\n  async load(p: string): Promise<string> { return readFile(p, 'utf8'); }\n}\n\n` +
    `const local${i} = 1;\nexport { local${i} as value${i} };\nexport type Id${i} = string;\n\n${fns}`
  );
}

async function generate(root: string): Promise<void> {
  await writeFile(
    path.join(root, 'package.json'),
    JSON.stringify({
      name: 'bench-project',
      version: '1.0.0',
      workspaces: ['packages/*'],
      scripts: { build: 'tsc' },
    }),
  );
  for (let p = 0; p < 4; p++) {
    await mkdir(path.join(root, 'packages', `pkg${p}`), { recursive: true });
    await writeFile(
      path.join(root, 'packages', `pkg${p}`, 'package.json'),
      JSON.stringify({ name: `@bench/pkg${p}`, dependencies: { react: '19', zod: '3' } }),
    );
  }
  for (let i = 0; i < FILES - 5; i++) {
    const file = path.join(root, relPath(i));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, source(i));
  }
}

/** The walk alone, as concurrent as the builder's own (one readdir per folder, every lstat of a folder at once). */
async function walkOnly(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true });
  const counts = await Promise.all(
    entries.map((entry) => {
      const abs = path.join(dir, entry.name);
      return entry.isDirectory() ? walkOnly(abs) : lstat(abs).then(() => 1);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

async function readAndParseAll(root: string): Promise<void> {
  const visit = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) await visit(abs);
      else {
        const text = await readFile(abs, 'utf8');
        if (/\.tsx?$/.test(entry.name)) ts.createSourceFile(entry.name, text, ts.ScriptTarget.Latest, false);
      }
    }
  };
  await visit(root);
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const bench = {
  title: 'Repo map (generated 2,000-file project)',
  async run(): Promise<string> {
    const root = await mkdtemp(path.join(os.tmpdir(), 'puffin-bench-map-'));
    try {
      await generate(root);
      await new RepoMapBuilder(root).build(); // warm up the JIT and the file system cache
      await rm(repoMapCacheDir(root), { recursive: true, force: true });
      const cold: number[] = [];
      const base: number[] = [];
      const same: number[] = [];
      const one: number[] = [];
      const walk: number[] = [];
      let builder = new RepoMapBuilder(root);
      let map = await builder.build();
      let parsedAfterChange = 0;
      for (let r = 0; r < REPEATS; r++) {
        base.push(await timed(() => readAndParseAll(root)));
        // Cold: no cache on disk either (a later builder reads it back, as another process would).
        await rm(repoMapCacheDir(root), { recursive: true, force: true });
        builder = new RepoMapBuilder(root);
        cold.push(await timed(async () => (map = await builder.build())));
        walk.push(await timed(() => walkOnly(root)));
        same.push(await timed(() => builder.build()));
        const changed = path.join(root, relPath(r * 3 + 1));
        await writeFile(changed, `${source(r * 3 + 1)}\nexport const added${r} = ${r};\n`);
        const later = new Date(Date.now() + 10_000 * (r + 1));
        await utimes(changed, later, later);
        one.push(await timed(async () => (parsedAfterChange = (await builder.build()).parsed)));
      }
      const row = (label: string, ms: number, baseline: string, baseMs: number): string =>
        `| ${label} | ${ms.toFixed(1)} ms | ${baseline} | ${baseMs.toFixed(1)} ms | ${(ms / baseMs).toFixed(2)}× |`;
      return [
        `${map.files} files (TS/TSX with ~12 exports each, CSS, JSON, Markdown; 5 package manifests) in ` +
          `${new Set(Array.from({ length: FILES - 5 }, (_, i) => path.dirname(relPath(i)))).size} folders. ` +
          `Map at the default budget of ${DEFAULT_MAP_BUDGET_TOKENS} tokens: ${map.tokens} tokens, detail \`${map.detail}\`` +
          `${map.foldedFolders ? ` (${map.foldedFolders} folders folded)` : ''}. Median of ${REPEATS} runs.`,
        '',
        '| build | time | baseline | baseline time | ratio |',
        '|---|---:|---|---:|---:|',
        row('cold (fresh builder)', median(cold), 'read every file + parse every script', median(base)),
        row(
          `after one file changes (${parsedAfterChange} parsed)`,
          median(one),
          'walk: readdir + lstat of every file',
          median(walk),
        ),
        row('nothing changed', median(same), 'walk: readdir + lstat of every file', median(walk)),
        '',
        'A rebuild costs a walk of the tree and a read of the cache on disk (under `.puffin/local/cache/repo-map/`, ' +
          'so a later process starts from it too): the cached summaries are reused by modification time and size ' +
          '(outside git), only the changed file is read and parsed, and the text is rendered again; when nothing ' +
          'changed, the last rendered map is read back.',
      ].join('\n');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
} satisfies BenchModule;

export default bench;
