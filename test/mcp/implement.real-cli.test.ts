// `puffin implement` with the real Claude Code CLI (2.1.330) against the mock Messages API: the scripted model
// writes the file an assertion wants (verified) or gives up (failing, naming the assertion). The work happens on a
// new branch in a worktree; the user's branch, HEAD and files are unchanged in both.
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { GIT_TEST_ENV } from '../support/gitFixture';
import { HistoryRepo } from '../../src/main/store/historyRepo';
import { hang, httpError, text, toolCall } from '../support/mockTurns';
import type { MessagesRequestBody } from '../support/mockTypes';
import { PUFFIN_BIN, runPuffin } from '../support/puffinBin';
import { realCliWorld, useRealCliTimeouts } from '../support/realCliTest';
import { seedMcpProject } from './mcpWorld';

useRealCliTimeouts();

const hasToolResult = (body: MessagesRequestBody) =>
  body.messages.some((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_result'));

/** Processes whose working directory is `dir` or inside it (Linux /proc). */
function processesIn(dir: string): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      return cwd === dir || cwd.startsWith(`${dir}/`) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

async function committedProject(dir: string) {
  const project = await seedMcpProject(dir);
  const git = async (...args: string[]) =>
    String((await execa('git', args, { cwd: dir, env: { ...process.env, ...GIT_TEST_ENV } })).stdout);
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '-A');
  await git('commit', '--quiet', '-m', 'seed');
  return { project, git };
}

describe('puffin implement', () => {
  it('writes on a new branch in a worktree; verified when the assertion passes, failing when not', async () => {
    let worktreeOfAlpha = '';
    const world = await realCliWorld({
      name: 'implement',
      // Alpha's round writes its module (once); every other reply ends the turn without doing anything.
      respond: (body) =>
        JSON.stringify(body.messages[0]).includes('# Alpha') && !hasToolResult(body)
          ? toolCall('Write', {
              file_path: path.join(worktreeOfAlpha, 'src', 'alpha.ts'),
              content: 'export const alpha = 1;\n',
            })
          : text('Done.'),
    });
    const { project, git } = await committedProject(world.project);
    const head = await git('rev-parse', 'HEAD');
    const short = `PUF-${project.ids.a.replace(/-/g, '').slice(0, 4)}`;
    worktreeOfAlpha = path.join(world.project, '.puffin', 'local', 'worktrees', `puffin-${short}-alpha`);
    const env = { ...world.env, ...GIT_TEST_ENV };

    const alpha = await runPuffin(['implement', '--project', world.project, '--story', short], {
      env,
      world,
    });
    expect(alpha.exitCode, alpha.stdout + alpha.stderr).toBe(0);
    expect(JSON.parse(alpha.stdout).data).toMatchObject({
      branch: `puffin/${short}-alpha`,
      worktree: worktreeOfAlpha,
      verdict: 'verified',
      failing: [],
      changedFiles: ['src/alpha.ts'],
      rounds: 1,
    });
    expect(existsSync(path.join(worktreeOfAlpha, 'src', 'alpha.ts'))).toBe(true);

    const beta = await runPuffin(
      ['implement', '--project', world.project, '--story', project.ids.b, '--rounds', '2'],
      {
        env,
        world,
      },
    );
    expect(beta.exitCode).toBe(1);
    const failed = JSON.parse(beta.stdout).data;
    expect(failed).toMatchObject({ verdict: 'failing', rounds: 2, changedFiles: [] });
    expect(failed.failing.map((f: { assertion: string }) => f.assertion)).toEqual(['b-file']);
    // The second round was told what still failed.
    const lastPrompt = JSON.stringify(world.mock.mainRequests().at(-1)!.body!.messages[0]);
    expect(lastPrompt).toContain('Still failing after the last round');

    // The user's tree: same branch, same HEAD, no file of the agent's, nothing changed outside Puffin's store.
    expect(await git('rev-parse', '--abbrev-ref', 'HEAD')).toBe('main');
    expect(await git('rev-parse', 'HEAD')).toBe(head);
    expect(existsSync(path.join(world.project, 'src', 'alpha.ts'))).toBe(false);
    expect(await git('status', '--porcelain', '--', '.', ':!.puffin')).toBe('');
    expect(await git('branch', '--list', 'puffin/*')).toContain(`puffin/${short}-alpha`);
  });

  it('tries a round the API overloaded again within the retry budget: a new agent run, then verified', async () => {
    let worktree = '';
    const world = await realCliWorld({
      name: 'implement-retry',
      // The CLI would retry by itself with this; Puffin turns its own retries off so that one budget counts.
      cliMaxRetries: 5,
      respond: (body, index) =>
        index === 0
          ? httpError(529)
          : hasToolResult(body)
            ? text('Done.')
            : toolCall('Write', {
                file_path: path.join(worktree, 'src', 'alpha.ts'),
                content: 'export const alpha = 1;\n',
              }),
    });
    const { project } = await committedProject(world.project);
    const short = `PUF-${project.ids.a.replace(/-/g, '').slice(0, 4)}`;
    worktree = path.join(world.project, '.puffin', 'local', 'worktrees', `puffin-${short}-alpha`);
    const run = await runPuffin(['implement', '--project', world.project, '--story', short], {
      env: { ...world.env, ...GIT_TEST_ENV },
      world,
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).data).toMatchObject({ verdict: 'verified', rounds: 1 });
    expect(world.mock.mainRequests().map((r) => r.status)).toEqual([529, 200, 200]);
    // Two agent processes (two init lines in the run's raw lines), one History record for the run.
    const history = new HistoryRepo(path.join(world.project, '.puffin'));
    const [record] = (await history.list()).filter((g) => g.kind === 'implement');
    expect(record).toMatchObject({ status: 'succeeded', sprintId: project.sprintId });
    const inits = (await history.rawLines(record!.id)).filter((l) => l.includes('"subtype":"init"'));
    expect(inits).toHaveLength(2);
  });

  it('refuses a story without assertions (unspecified) and a folder that is not a git repository', async () => {
    const world = await realCliWorld({ name: 'implement-refusals' });
    const project = await seedMcpProject(world.project);
    const gamma = await runPuffin(['implement', '--project', world.project, '--story', project.ids.c], {
      env: world.env,
      world,
    });
    expect(JSON.parse(gamma.stdout).error.code).toBe('unspecified');
    const alpha = await runPuffin(['implement', '--project', world.project, '--story', project.ids.a], {
      env: world.env,
      world,
    });
    expect(JSON.parse(alpha.stdout).error.code).toBe('not_a_git_repo');
  });

  it('stops the agent when puffin is told to stop mid-run: cancelled, and no process left in the worktree', async () => {
    const world = await realCliWorld({ name: 'implement-cancel', respond: () => hang() });
    const { project } = await committedProject(world.project);
    const child = execa(
      process.execPath,
      [PUFFIN_BIN, 'implement', '--project', world.project, '--story', project.ids.a],
      {
        env: { ...world.env, ...GIT_TEST_ENV },
        extendEnv: false,
        reject: false,
      },
    );
    await world.guard(
      world.mock.waitForRequest((r) => r.kind === 'main'),
      'the agent reaching the model',
    );
    const worktrees = path.join(world.project, '.puffin', 'local', 'worktrees');
    expect(processesIn(worktrees).length).toBeGreaterThan(0);
    child.kill('SIGTERM');
    const ended = await child;
    expect(ended.exitCode).toBe(1);
    expect(JSON.parse(String(ended.stdout)).error.code).toBe('cancelled');
    expect(processesIn(worktrees)).toEqual([]);
  });
});
