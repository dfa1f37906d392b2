// `puffin implement` with the real Claude Code CLI (2.1.330) against the mock Messages API: the scripted model
// writes the file an assertion wants (verified) or gives up (failing, naming the assertion). The work happens on a
// new branch in a worktree; the user's branch, HEAD and files are unchanged in both.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { GIT_TEST_ENV } from '../support/gitFixture';
import { text, toolCall } from '../support/mockTurns';
import type { MessagesRequestBody } from '../support/mockTypes';
import { runPuffin } from '../support/puffinBin';
import { realCliWorld, useRealCliTimeouts } from '../support/realCliTest';
import { seedMcpProject } from './mcpWorld';

useRealCliTimeouts();

const hasToolResult = (body: MessagesRequestBody) =>
  body.messages.some((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_result'));

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
    const project = await seedMcpProject(world.project);
    const git = async (...args: string[]) =>
      String(
        (await execa('git', args, { cwd: world.project, env: { ...process.env, ...GIT_TEST_ENV } })).stdout,
      );
    await git('init', '--quiet', '--initial-branch=main');
    await git('add', '-A');
    await git('commit', '--quiet', '-m', 'seed');
    const head = await git('rev-parse', 'HEAD');
    const short = `PUF-${project.ids.a.slice(0, 6)}`;
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
    expect(JSON.parse(alpha.stdout).error.code).toBe('not_git_repo');
  });
});
