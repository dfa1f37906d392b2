// An implement run meets the retry budget, the shell setting and History like every engine call (the fake Claude
// CLI records how it was run): a round that fails from a transient API error is tried again, as many times as the
// budget allows and no more; a failure waiting cannot fix ends the run at once; Bash is offered only once Settings
// allow shell commands; the run is one History record naming its sprint, with its cost and its verdict. And the bad
// input: an existing branch is never reused, a missing agent is cli_not_found before any branch is made.
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import type { Generation } from '../../src/shared/stories';
import { spentBy } from '../../src/main/plans/sprintSpend';
import { DEFAULT_RETRY_POLICY } from '../../src/main/llm/retry';
import { HistoryRepo } from '../../src/main/store/historyRepo';
import { createFakeClaudeRoot } from '../support/fakeClaudeRoot';
import {
  fakeClaudeEnv,
  makeRecordFile,
  readFakeClaudeRecord,
  type FakeClaudeOptions,
} from '../support/fakeCli';
import { GIT_TEST_ENV } from '../support/gitFixture';
import { scratchDir } from '../support/scratchDir';
import { seedMcpProject } from './mcpWorld';
import type { Root } from '../../src/main/app/core';

let root: Root | undefined;
afterEach(async () => {
  await root?.dispose();
  root = undefined;
});

async function world(fake: Omit<FakeClaudeOptions, 'recordFile'>) {
  const dir = scratchDir('puffin-implement-runs-');
  const project = await seedMcpProject(dir);
  const git = (...args: string[]) =>
    execa('git', args, { cwd: dir, env: { ...process.env, ...GIT_TEST_ENV } });
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '-A');
  await git('commit', '--quiet', '-m', 'seed');
  const made = await createFakeClaudeRoot(scratchDir('puffin-implement-runs-root-'));
  const env = made.env;
  root = made.root;
  const record = makeRecordFile();
  Object.assign(made.env, fakeClaudeEnv({ ...fake, recordFile: record }));
  expect((await root.dispatch('project:open', { path: dir }, { face: 'test' })).ok).toBe(true);
  const history: Generation[] = [];
  root.onEvent((event, payload) => {
    if (event === 'history:changed') history.push(payload as Generation);
  });
  const implement = () => root!.dispatch('agent:implement', { story: project.ids.a }, { face: 'test' });
  const stored = () => new HistoryRepo(path.join(dir, '.puffin')).list();
  const branches = async () =>
    String((await git('branch', '--list', 'puffin/*', '--format=%(refname:short)')).stdout)
      .split('\n')
      .filter(Boolean);
  return { dir, project, record, implement, history, stored, env, branches };
}

describe('implement and the retry budget', () => {
  it('tries a round that fails from an overloaded API again, as many times as the budget allows', async () => {
    const w = await world({ scenario: 'api-error', apiStatus: 529 });
    const answer = await w.implement();
    expect(answer.ok ? null : answer.error.code).toBe('overloaded');
    const calls = readFakeClaudeRecord(w.record);
    expect(calls).toHaveLength(DEFAULT_RETRY_POLICY.maxAttempts);
    // Every attempt ran in the story's worktree.
    expect(new Set(calls.map((c) => c.cwd)).size).toBe(1);
    expect(calls[0]!.cwd).toContain('.puffin/local/worktrees/');
    // The run is in History, failed with that error, in its sprint.
    const [kept] = (await w.stored()).filter((g) => g.kind === 'implement');
    expect(kept).toMatchObject({
      status: 'failed',
      sprintId: w.project.sprintId,
      error: { code: 'overloaded' },
    });
  });

  it('does not retry a failure waiting cannot fix (not logged in)', async () => {
    const w = await world({ scenario: 'api-error', apiStatus: 401 });
    const answer = await w.implement();
    expect(answer.ok ? null : answer.error.code).toBe('not_logged_in');
    expect(readFakeClaudeRecord(w.record)).toHaveLength(1);
  });
});

describe('implement, Settings and History', () => {
  it('offers Bash only once Settings allow shell commands; a second run takes a new branch', async () => {
    const w = await world({ scenario: 'happy' });
    const first = await w.implement();
    expect((await root!.dispatch('settings:update', { agentShell: true }, { face: 'test' })).ok).toBe(true);
    const second = await w.implement();
    const tools = readFakeClaudeRecord(w.record).map((c) => c.argv[c.argv.indexOf('--tools') + 1]);
    expect(tools).toEqual(['Read,Write,Edit,Glob,Grep', 'Read,Write,Edit,Glob,Grep,Bash']);
    // The first run's branch exists: never overwritten, the second gets the next suffix.
    const branchOf = (r: typeof first) => (r.ok ? (r.value as { branch: string }).branch : r.error.code);
    expect(branchOf(second)).toBe(`${branchOf(first)}-2`);
    expect(await w.branches()).toEqual([branchOf(first), branchOf(second)]);
  });

  it('says cli_not_found when the agent is missing, before any branch is made', async () => {
    const w = await world({ scenario: 'happy' });
    w.env.PUFFIN_CLAUDE_PATH = path.join(w.dir, 'no-such-claude');
    const answer = await w.implement();
    expect(answer.ok ? null : answer.error.code).toBe('cli_not_found');
    expect(await w.branches()).toEqual([]);
  });

  it('keeps the run in History with its cost and verdict, counted in its sprint', async () => {
    const w = await world({ scenario: 'happy' });
    const answer = await w.implement();
    if (!answer.ok) throw new Error(answer.error.message);
    const { branch, costUsd, verdict } = answer.value as { branch: string; costUsd: number; verdict: string };
    expect(verdict).toBe('failing'); // the fake writes nothing
    expect(costUsd).toBeGreaterThan(0);
    const kept = (await w.stored()).filter((g) => g.kind === 'implement');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      status: 'succeeded',
      sprintId: w.project.sprintId,
      title: 'Implement · Alpha',
      meta: { costUsd },
    });
    expect(kept[0]!.markdown).toContain(`Failing on branch \`${branch}\``);
    expect(kept[0]!.markdown).toContain('still failing: a-file');
    expect(spentBy(kept, w.project.sprintId)).toBe(costUsd);
    // Every face heard it start and end.
    expect(w.history.filter((g) => g.id === kept[0]!.id).map((g) => g.status)).toEqual([
      'running',
      'succeeded',
    ]);
  });
});
