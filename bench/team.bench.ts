// A team on one repository: the merge driver on a plan with 1,000 revisions (both branches appended one, one also
// changed a field), against git's own text merge of the same three files; and `puffin status` over 5 branches ×
// 1,000 stories read from git's objects, against reading the same files by checking each branch out.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { recordText } from '../src/main/store/recordFile';
import { teamStatus } from '../src/main/team/branchStatus';
import { mergeRecordFiles } from '../src/main/team/mergeDriver';
import { median } from './childCpu';
import type { BenchModule } from './types';

const run = promisify(execFile);
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: os.devNull,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@puffin.invalid',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@puffin.invalid',
};
const git = (cwd: string, ...args: string[]) =>
  run('git', args, { cwd, env: GIT_ENV, maxBuffer: 1 << 28 }).then((r) => r.stdout);
const REPEATS = 5;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** A plan revision as the store keeps it (valid: the driver checks the merge against the folder's schema). */
const revision = (number: number, note: string) => ({
  number,
  kind: 'refined',
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, number)).toISOString(),
  feedback: `${note} ${number}`,
  changelog: [`Changed item ${number % 7}`],
  followUpQuestions: [],
  plan: {
    sharedComponents: [],
    risks: [],
    implementationOrder: ['s0', 's1', 's2', 's3', 's4'],
    planItems: Array.from({ length: 5 }, (_, i) => ({
      order: i + 1,
      storyId: `s${i}`,
      title: `Item ${i}`,
      approach: `Approach ${i} of revision ${number}: change the module, then its tests.`,
      filesCreated: [`src/feature${i}/new${number}.ts`],
      filesModified: [`src/feature${i}/index.ts`],
      dependencies: [],
      complexity: 'medium',
      notes: '',
    })),
  },
});

async function mergeBench(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-bench-merge-'));
  try {
    const base = {
      sprintId: 'sp',
      current: 1000,
      revisions: Array.from({ length: 1000 }, (_, i) => revision(i + 1, 'base')),
    };
    const ours = { ...base, current: 1001, revisions: [...base.revisions, revision(1001, 'ours')] };
    const theirs = {
      ...base,
      current: 1001,
      approved: { revision: 1000, at: '2026-02-01T00:00:00.000Z', existed: [] },
      revisions: [...base.revisions, revision(1001, 'theirs')],
    };
    const [o, a, b] = [recordText(base), recordText(ours), recordText(theirs)];
    await mkdir(path.join(dir, '.puffin', 'plans'), { recursive: true });
    const files = { ancestor: path.join(dir, 'O'), current: path.join(dir, 'A'), other: path.join(dir, 'B') };
    const reset = () =>
      Promise.all([writeFile(files.ancestor, o), writeFile(files.current, a), writeFile(files.other, b)]);
    const target = path.join(dir, '.puffin', 'plans', 'sp.json');
    const driver: number[] = [];
    const text: number[] = [];
    let kept = 0;
    for (let i = 0; i < REPEATS + 1; i++) {
      await reset();
      let r: Awaited<ReturnType<typeof mergeRecordFiles>> | null = null;
      const ms = await timed(async () => (r = await mergeRecordFiles({ ...files, path: target }, dir)));
      if (!r!.written) throw new Error(`the bench's record was not merged: ${r!.refused}`);
      kept = (JSON.parse(await readFile(files.current, 'utf8')) as { revisions: unknown[] }).revisions.length;
      await reset();
      const gitMs = await timed(() =>
        git(dir, 'merge-file', '-p', files.current, files.ancestor, files.other).catch(() => ''),
      );
      // The first round warms up.
      if (i > 0) {
        driver.push(ms);
        text.push(gitMs);
      }
    }
    const gitConflicts = await git(dir, 'merge-file', '-p', files.current, files.ancestor, files.other).then(
      () => 0,
      (err: { code?: number }) => err.code ?? -1,
    );
    const size = (a.length / 1024).toFixed(0);
    return [
      `A sprint plan of 1,000 revisions (${size} KB as written), both branches appending revision 1,001 and one also ` +
        `setting a field; median of ${REPEATS} after a warm-up. Baseline, same run: \`git merge-file\` (git's text merge, ` +
        'a process of its own) on the same three files.',
      '',
      '| merge | time | ÷ git merge-file | result |',
      '|---|---:|---:|---|',
      `| Puffin's driver, in process (parse, merge, validate, write) | ${median(driver).toFixed(1)} ms | ${(median(driver) / median(text)).toFixed(2)}× | ${kept} revisions: both kept, the other renumbered 1,002 |`,
      `| git merge-file (text) | ${median(text).toFixed(1)} ms | 1.00× | ${gitConflicts > 0 ? `${gitConflicts} conflict(s): both appended at the same line` : 'clean'} |`,
      '',
      'The driver git runs is this in-process merge plus one start of `bin/puffin.cjs` (see the start-up section).',
    ].join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const STORIES = 1_000;
const BRANCHES = ['main', 'b1', 'b2', 'b3', 'b4'];

async function statusRepo(dir: string): Promise<void> {
  await git(dir, 'init', '--quiet', '--initial-branch=main');
  const store = path.join(dir, '.puffin');
  await Promise.all(
    ['stories', 'assertions/results'].map((f) => mkdir(path.join(store, f), { recursive: true })),
  );
  const run = (status: 'pass' | 'fail', day: number) => ({
    startedAt: `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
    durationMs: 1,
    commit: null,
    results: [{ assertionId: 'a1', status, reason: '', durationMs: 1 }],
    summary: { total: 1, passed: status === 'pass' ? 1 : 0, failed: status === 'fail' ? 1 : 0, errors: 0 },
  });
  const write = (rel: string, value: unknown) => writeFile(path.join(store, rel), recordText(value));
  for (let i = 0; i < STORIES; i++) {
    const id = `story-${String(i).padStart(4, '0')}`;
    await write(`stories/${id}.json`, {
      id,
      title: `Story ${i}`,
      description: 'd',
      acceptanceCriteria: ['c'],
      status: 'pending',
    });
    await write(`assertions/${id}.json`, {
      storyId: id,
      assertions: [{ id: 'a1', type: 'FILE_EXISTS', path: 'x' }],
    });
    await write(`assertions/results/${id}.json`, { storyId: id, runs: [run('pass', 1)] });
  }
  await git(dir, 'add', '--all');
  await git(dir, 'commit', '--quiet', '-m', 'main');
  for (const [n, branch] of BRANCHES.slice(1).entries()) {
    await git(dir, 'checkout', '--quiet', '-b', branch, 'main');
    for (let i = n; i < STORIES; i += 10) {
      const id = `story-${String(i).padStart(4, '0')}`;
      await write(`assertions/results/${id}.json`, { storyId: id, runs: [run('pass', 1), run('fail', 2)] });
    }
    await git(dir, 'commit', '--quiet', '-am', branch);
  }
  await git(dir, 'checkout', '--quiet', 'main');
}

/** The baseline: what status avoids, each branch checked out and its store files read from disk. */
async function byCheckout(dir: string): Promise<number> {
  let files = 0;
  for (const branch of BRANCHES) {
    await git(dir, 'checkout', '--quiet', branch);
    for (const folder of ['stories', 'assertions', 'assertions/results']) {
      const at = path.join(dir, '.puffin', folder);
      for (const name of (await readdir(at)).filter((n) => n.endsWith('.json'))) {
        JSON.parse(await readFile(path.join(at, name), 'utf8'));
        files++;
      }
    }
  }
  await git(dir, 'checkout', '--quiet', 'main');
  return files;
}

async function statusBench(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-bench-status-'));
  try {
    await statusRepo(dir);
    const ours: number[] = [];
    const base: number[] = [];
    let regressed = 0;
    let files = 0;
    for (let i = 0; i < 4; i++) {
      let result: Awaited<ReturnType<typeof teamStatus>> | null = null;
      const ms = await timed(async () => (result = await teamStatus(dir)));
      const checkoutMs = await timed(async () => (files = await byCheckout(dir)));
      regressed = result!.stories.filter((s) => Object.values(s.verdicts).includes('regressed')).length;
      if (i > 0) {
        ours.push(ms);
        base.push(checkoutMs);
      }
    }
    return [
      `${BRANCHES.length} branches × ${STORIES.toLocaleString('en')} stories (each with its assertion set and results; ` +
        `on each of 4 branches a tenth of the stories regressed): ${files.toLocaleString('en')} files in all. Median of 3 ` +
        'after a warm-up. Baseline, same run: checking each branch out and reading the same files from disk.',
      '',
      '| status over 5 branches | time | ÷ checkout and read |',
      '|---|---:|---:|',
      `| \`puffin status\` (git ls-tree + one cat-file --batch per branch) | ${median(ours).toFixed(0)} ms | ${(median(ours) / median(base)).toFixed(2)}× |`,
      `| checkout each branch, read its files | ${median(base).toFixed(0)} ms | 1.00× |`,
      '',
      `Stories found regressed on some branch: ${regressed} (as built: ${(STORIES / 10) * (BRANCHES.length - 1)}).`,
    ].join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const bench = {
  title: 'A team on one repository: merge driver (1,000 revisions) and status (5 branches × 1,000 stories)',
  async run(): Promise<string> {
    return [
      '### Merge driver on a record with 1,000 revisions',
      '',
      await mergeBench(),
      '',
      '### `puffin status` over 5 branches × 1,000 stories',
      '',
      await statusBench(),
    ].join('\n');
  },
} satisfies BenchModule;

export default bench;
