// Work on several branches of one repository, read from git's objects (never by checking a branch out): each story's
// verdict on each branch (`puffin status`), and sprints in flight on two branches that touch the same files
// (`puffin overlap`), with its JUnit report parsed and checked against the JUnit schema.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPuffin } from '../support/cli/inProcessCli';
import { recordText } from '../../src/main/store/recordFile';
import { StoriesRepo } from '../../src/main/store/storiesRepo';
import type { OverlapReport, TeamStatus } from '../../src/shared/team';
import { createGitFixture, type GitFixture } from '../support/gitFixture';
import { validateJUnit } from '../support/junitSchema';

let repo: GitFixture;
let a: string;
let b: string;

const puffin = async (...argv: string[]) =>
  runPuffin([...argv, '--project', repo.dir], {
    env: { PUFFIN_USER_DATA: path.join(repo.dir, '..', `${path.basename(repo.dir)}-user-data`) },
  });

const set = (storyId: string) =>
  recordText({ storyId, assertions: [{ id: 'a1', type: 'FILE_EXISTS', path: 'x' }] });
const results = (storyId: string, ...statuses: ('pass' | 'fail')[]) =>
  recordText({
    storyId,
    runs: statuses.map((status, i) => ({
      startedAt: `2026-01-0${i + 1}T00:00:00.000Z`,
      durationMs: 1,
      commit: null,
      results: [{ assertionId: 'a1', status, reason: '', durationMs: 1 }],
      summary: { total: 1, passed: status === 'pass' ? 1 : 0, failed: status === 'fail' ? 1 : 0, errors: 0 },
    })),
  });
const sprint = (id: string, files: string[]) => ({
  [`.puffin/sprints/${id}.json`]: recordText({ id, title: `Sprint ${id}`, status: 'open', storyIds: [a] }),
  [`.puffin/plans/${id}.json`]: recordText({
    sprintId: id,
    current: 1,
    revisions: [{ number: 1, plan: { planItems: [{ storyId: a, filesCreated: [], filesModified: files }] } }],
  }),
});

beforeAll(async () => {
  repo = await createGitFixture('puffin-branches-');
  const made = await new StoriesRepo(path.join(repo.dir, '.puffin')).accept(
    ['Cart', 'Checkout'].map((title) => ({ title, description: title, acceptanceCriteria: ['works'] })),
  );
  [a, b] = made.map((s) => s.id) as [string, string];
  await repo.write({
    'src/cart.ts': 'export const cart = 1;\n',
    [`.puffin/assertions/${a}.json`]: set(a),
    [`.puffin/assertions/results/${a}.json`]: results(a, 'pass'),
    [`.puffin/assertions/${b}.json`]: set(b),
  });
  await repo.commit('main: a verified, b never run');

  // feature/cart: a regressed (passed on main, fails here), a sprint planning and changing the cart.
  await repo.git('checkout', '--quiet', '-b', 'feature/cart');
  await repo.write({
    [`.puffin/assertions/results/${a}.json`]: results(a, 'pass', 'fail'),
    'src/cart.ts': 'export const cart = 2;\n',
    ...sprint('sp-cart', ['src/cart.ts']),
  });
  await repo.commit('cart work');
  // feature/pay: b verified; a sprint planning the cart too.
  await repo.git('checkout', '--quiet', '-b', 'feature/pay', 'main');
  await repo.write({
    [`.puffin/assertions/results/${b}.json`]: results(b, 'pass'),
    ...sprint('sp-pay', ['src/cart.ts', 'src/pay.ts']),
  });
  await repo.commit('pay work');
  // feature/docs: planning and changing only docs.
  await repo.git('checkout', '--quiet', '-b', 'feature/docs', 'main');
  await repo.write({ 'docs/guide.md': '# Guide\n', ...sprint('sp-docs', ['docs/guide.md']) });
  await repo.commit('docs work');
  await repo.git('checkout', '--quiet', 'main');
}, 60_000);

afterAll(async () => {
  await repo.cleanup();
});

describe('puffin status', () => {
  it("gives each story's verdict on each branch, read from git without checking any branch out", async () => {
    const { code, out } = await puffin('status', '--branches', 'main,feature/cart,feature/pay');
    expect(code).toBe(0);
    const data = out.data as TeamStatus;
    expect(data.branches).toEqual(['main', 'feature/cart', 'feature/pay']);
    const row = (id: string) => data.stories.find((s) => s.id === id);
    expect(row(a)).toMatchObject({
      title: 'Cart',
      shortId: expect.stringMatching(/^PUF-/),
      verdicts: { main: 'verified', 'feature/cart': 'regressed', 'feature/pay': 'verified' },
    });
    expect(row(b)?.verdicts).toEqual({
      main: 'not_run',
      'feature/cart': 'not_run',
      'feature/pay': 'verified',
    });
    expect((await repo.git('rev-parse', '--abbrev-ref', 'HEAD')).trim()).toBe('main');
    expect(await repo.git('status', '--porcelain', '--untracked-files=no')).toBe('');
  });

  it('takes every local branch by default, and names a branch that does not exist', async () => {
    const all = await puffin('status');
    expect((all.out.data as TeamStatus).branches).toEqual([
      'feature/cart',
      'feature/docs',
      'feature/pay',
      'main',
    ]);
    const bad = await puffin('status', '--branches', 'main,nope');
    expect(bad.code).toBe(1);
    expect(bad.out.error).toMatchObject({ code: 'git_failed', message: expect.stringContaining('"nope"') });
  });
});

describe('puffin overlap', () => {
  it('reports two branches whose sprints plan (and change) the same file, with both sprints and how', async () => {
    const junit = path.join(repo.dir, '..', `${path.basename(repo.dir)}-overlap.xml`);
    const { code, out } = await puffin(
      'overlap',
      '--branches',
      'feature/cart,feature/pay,feature/docs',
      '--junit',
      junit,
    );
    expect(code).toBe(0); // not --strict
    const data = out.data as OverlapReport;
    expect(data.overlaps).toEqual([
      {
        branches: ['feature/cart', 'feature/pay'],
        sprints: [
          [{ branch: 'feature/cart', sprintId: 'sp-cart', title: 'Sprint sp-cart', storyIds: [a] }],
          [{ branch: 'feature/pay', sprintId: 'sp-pay', title: 'Sprint sp-pay', storyIds: [a] }],
        ],
        files: [{ path: 'src/cart.ts', how: [['planned', 'changed'], ['planned']] }],
      },
    ]);
    const xml = await readFile(junit, 'utf8');
    const { problems, doc } = validateJUnit(xml);
    expect(problems).toEqual([]);
    const cases = Array.from(doc.getElementsByTagName('testcase'));
    expect(cases.map((c) => c.getAttribute('name'))).toEqual([
      'feature/cart and feature/pay',
      'feature/cart and feature/docs',
      'feature/pay and feature/docs',
    ]);
    expect(cases.map((c) => c.getElementsByTagName('failure').length)).toEqual([1, 0, 0]);
    expect(cases[0]!.getElementsByTagName('failure')[0]!.textContent).toContain('src/cart.ts');
  });

  it('--strict exits 1 on an overlap, and 0 for branches whose work is disjoint', async () => {
    const overlapping = await puffin('overlap', '--branches', 'feature/cart,feature/pay', '--strict');
    expect(overlapping.code).toBe(1);
    const disjoint = await puffin('overlap', '--branches', 'feature/cart,feature/docs', '--strict');
    expect(disjoint.code).toBe(0);
    expect((disjoint.out.data as OverlapReport).overlaps).toEqual([]);
  });
});
