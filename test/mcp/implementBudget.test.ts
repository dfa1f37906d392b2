// `puffin implement` meets the story's sprint budget (the fake Claude CLI records how it was run): each round runs
// with what is left as --max-budget-usd, and a spent budget refuses the run before any branch is made.
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { PlanStore } from '../../src/main/plans/planStore';
import { fakeClaudeEnv, fakeClaudePath, makeRecordFile, readFakeClaudeRecord } from '../support/fakeCli';
import { GIT_TEST_ENV } from '../support/gitFixture';
import { runPuffin } from '../support/puffinBin';
import { scratchDir } from '../support/scratchDir';
import { seedMcpProject } from './mcpWorld';

async function projectWithBudget(budgetUsd: number) {
  const dir = scratchDir('puffin-implement-budget-');
  const project = await seedMcpProject(dir);
  const plans = new PlanStore(path.join(dir, '.puffin'));
  const sprint = (await plans.sprints.get(project.sprintId))!;
  await plans.sprints.put({ ...sprint, budgetUsd });
  const git = async (...args: string[]) =>
    String((await execa('git', args, { cwd: dir, env: { ...process.env, ...GIT_TEST_ENV } })).stdout);
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '-A');
  await git('commit', '--quiet', '-m', 'seed');
  return { dir, project, git };
}

const baseEnv = () => ({
  PATH: process.env.PATH ?? '',
  PUFFIN_USER_DATA: scratchDir('puffin-implement-user-'),
  PUFFIN_CLAUDE_PATH: fakeClaudePath(),
  ...GIT_TEST_ENV,
});

describe('puffin implement and the sprint budget', () => {
  it('runs the agent with what is left of the budget as its cap', async () => {
    const { dir, project } = await projectWithBudget(5);
    const record = makeRecordFile();
    const run = await runPuffin(
      ['implement', '--project', dir, '--story', project.ids.a, '--provider', 'claude-cli'],
      { env: { ...baseEnv(), ...fakeClaudeEnv({ scenario: 'happy', recordFile: record }) } },
    );
    // The fake writes nothing: the assertion still fails.
    expect(JSON.parse(run.stdout).data).toMatchObject({ verdict: 'failing', rounds: 1 });
    const [call] = readFakeClaudeRecord(record);
    const at = call!.argv.indexOf('--max-budget-usd');
    expect(call!.argv[at + 1]).toBe('5');
    expect(call!.argv).toEqual(
      expect.arrayContaining(['--permission-mode', 'acceptEdits', '--tools', 'Read,Write,Edit,Glob,Grep']),
    );
  });

  it('takes no agent but the Claude Code CLI', async () => {
    const { dir, project, git } = await projectWithBudget(5);
    const record = makeRecordFile();
    const run = await runPuffin(
      ['implement', '--project', dir, '--story', project.ids.a, '--provider', 'openai'],
      { env: { ...baseEnv(), ...fakeClaudeEnv({ scenario: 'happy', recordFile: record }) } },
    );
    expect(JSON.parse(run.stdout).error.code).toBe('invalid_payload');
    expect(readFakeClaudeRecord(record)).toEqual([]);
    expect(await git('branch', '--list', 'puffin/*')).toBe('');
  });

  it('refuses a story whose sprint has nothing left, before any branch is made', async () => {
    const { dir, project, git } = await projectWithBudget(0.00001);
    const record = makeRecordFile();
    const run = await runPuffin(['implement', '--project', dir, '--story', project.ids.a], {
      env: { ...baseEnv(), ...fakeClaudeEnv({ scenario: 'happy', recordFile: record }) },
    });
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stdout).error.code).toBe('budget_exceeded');
    expect(readFakeClaudeRecord(record)).toEqual([]);
    expect(await git('branch', '--list', 'puffin/*')).toBe('');
  });
});
