// kill -9 into store writes: a writer (storeWriter.ts, bundled once so each start is a plain `node`) adds stories
// to one project and is killed with SIGKILL after a seeded number of acknowledged requests, again and again. After
// every kill: every file of the store parses, and every record the writer acknowledged is there. At the end, the
// stale-temp sweep of the next open (run as if a minute had passed) must leave nothing but records.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { STORE_DIR } from '../../../src/shared/project';
import { STORY_DRAFT_LIMITS } from '../../../src/shared/stories';
import { sweepStaleTemps, STALE_TEMP_MS } from '../../../src/main/store/tempSweep';
import { seededRandom } from './seeded';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const NOT_BUNDLED = [
  'electron',
  'typescript',
  'postcss',
  'css-tree',
  'esbuild',
  'tsx',
  'bufferutil',
  'utf-8-validate',
];
const LAZY_SCOPES = ['@octokit/*', '@anthropic-ai/*', '@google/*', 'openai', 'ollama'];

export interface KillFigures {
  kills: number;
  /** Kills after which every file parsed and every acknowledged record was there. */
  held: number;
  /** Acknowledged records missing, summed over the kills. */
  lost: number;
  /** Files other than records left after the next open's sweep, plus writer processes still alive. */
  orphans: number;
  acknowledged: number;
  /** Temp files the kills left before the sweep (a kill between creating and renaming one). */
  tempsLeft: number;
  problems: string[];
  ms: number;
}

/** The writer as one ES module under out/ (so its packages resolve from node_modules): a start costs no tsx. */
export async function bundleWriter(): Promise<string> {
  const dir = join(REPO, 'out', 'chaos');
  mkdirSync(dir, { recursive: true });
  // One per run: a test and `npm run chaos` at the same time must not rebuild the file the other is starting.
  const outfile = join(dir, `storeWriter-${process.pid}.mjs`);
  await build({
    entryPoints: [join(REPO, 'test', 'chaos', 'support', 'storeWriter.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Bundled in like the prebuilt CLI (scripts/prebuilt.mjs), but for what the store never loads.
    external: [...NOT_BUNDLED, ...LAZY_SCOPES],
    logLevel: 'error',
    define: { __PUFFIN_VERSION__: JSON.stringify('chaos') },
  });
  return outfile;
}

/** Every file under the store, relative, '/'-separated. */
function storeFiles(storeDir: string): string[] {
  try {
    return readdirSync(storeDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) =>
        join(e.parentPath, e.name)
          .slice(storeDir.length + 1)
          .split('\\')
          .join('/'),
      );
  } catch {
    return [];
  }
}

const isTemp = (rel: string) => rel.endsWith('.tmp');

/** What is wrong with the store after a kill: files that do not parse, acknowledged stories missing. */
function checkStore(storeDir: string, acked: ReadonlySet<string>): { problems: string[]; lost: number } {
  const problems: string[] = [];
  const files = storeFiles(storeDir);
  // A store without its version is taken for version 1 and migrated again at the next open.
  if (files.some((f) => f.startsWith('stories/')) && !files.includes('store.json'))
    problems.push('the store has records but no store.json');
  for (const rel of files) {
    // Records are JSON files; the rest (ignore files, raw lines, the backlog index's log) are not JSON documents.
    if (isTemp(rel) || !rel.endsWith('.json')) continue;
    try {
      JSON.parse(readFileSync(join(storeDir, rel), 'utf8'));
    } catch (err) {
      problems.push(`${rel} does not parse: ${(err as Error).message}`);
    }
  }
  let lost = 0;
  for (const id of acked) {
    try {
      const story = JSON.parse(readFileSync(join(storeDir, 'stories', `${id}.json`), 'utf8')) as {
        id?: string;
      };
      if (story.id !== id) throw new Error(`holds ${String(story.id)}`);
    } catch (err) {
      lost++;
      problems.push(`acknowledged story ${id} is lost: ${(err as Error).message}`);
    }
  }
  return { problems, lost };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts the writer and kills it after `after` acknowledged requests; the ids it acknowledged. */
function runOnce(
  writer: string,
  args: string[],
  after: number,
): Promise<{ acked: string[]; pid: number; error?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writer, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acked: string[] = [];
    let count = -1; // 'open' counts as the start
    let error: string | undefined;
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('error ')) error = line.slice(6);
      if (line.startsWith('ack ')) acked.push(...line.slice(4).split(','));
      if (line === 'open' || line.startsWith('ack ')) count++;
      if (count === after) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      // Only the kill may end it: anything else is the writer failing (its stderr is in the test output).
      if (signal !== 'SIGKILL')
        error ??= `exited by itself (code ${code}) after ${count} of ${after} requests`;
      resolve({ acked, pid: child.pid ?? -1, ...(error ? { error } : {}) });
    });
  });
}

export async function killLoop(opts: {
  projectDir: string;
  kills: number;
  seed: number;
}): Promise<KillFigures> {
  const started = Date.now();
  const writer = await bundleWriter();
  const random = seededRandom(opts.seed);
  const storeDir = join(opts.projectDir, STORE_DIR);
  const acked = new Set<string>();
  const figures: KillFigures = {
    kills: 0,
    held: 0,
    lost: 0,
    orphans: 0,
    acknowledged: 0,
    tempsLeft: 0,
    problems: [],
    ms: 0,
  };
  const pids: number[] = [];
  for (let k = 0; k < opts.kills; k++) {
    // Mostly within the first writes after the open (where the store is created), sometimes later.
    const after = Math.floor(random() * (random() < 0.8 ? 3 : 12));
    const size = String(Math.floor(random() * STORY_DRAFT_LIMITS.description));
    const run = await runOnce(
      writer,
      [opts.projectDir, join(opts.projectDir, '..', 'user-data'), `k${k}`, size],
      after,
    );
    pids.push(run.pid);
    for (const id of run.acked) acked.add(id);
    const { problems, lost } = checkStore(storeDir, acked);
    if (run.error) problems.push(`kill ${k}: the writer failed: ${run.error}`);
    figures.kills++;
    figures.lost += lost;
    if (problems.length === 0) figures.held++;
    else figures.problems.push(...problems.map((p) => `kill ${k} (seed ${opts.seed}): ${p}`));
  }
  figures.acknowledged = acked.size;
  figures.tempsLeft = storeFiles(storeDir).filter(isTemp).length;
  await sweepStaleTemps(storeDir, Date.now() + STALE_TEMP_MS + 1);
  const leftovers = storeFiles(storeDir).filter(isTemp);
  figures.orphans = leftovers.length + pids.filter(alive).length;
  figures.problems.push(...leftovers.map((f) => `left after the sweep: ${f}`));
  figures.ms = Date.now() - started;
  rmSync(writer, { force: true });
  return figures;
}
