// Implement from the board in Chromium over the browser host, with the real Claude Code CLI against the mock
// Messages API: the scripted model writes the file the story's assertion wants, in the worktree Puffin made. The
// model's first answer is held until the test has seen the run live: the card says Implementing… and the details
// show the agent's activity; then the card and the details say Verified on the story's new branch. The user's tree
// is unchanged.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { GIT_TEST_ENV } from '../test/support/gitFixture';
import { held, text, toolCall } from '../test/support/mockTurns';
import type { MessagesRequestBody } from '../test/support/mockTypes';
import { startRealCliWorld } from '../test/support/realCliWorld';
import { expect, startWorldHost, test } from './support/host';
import { nav } from './support/journey';

const SEED_SCRIPT = join(import.meta.dirname, 'support', 'seedImplementStore.ts');

const hasToolResult = (body: MessagesRequestBody) =>
  body.messages.some((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_result'));

test('Implement on the board: the agent works in a worktree, the verdict shows on its branch', async ({
  page,
}) => {
  test.setTimeout(180_000);
  let worktree = '';
  let release = () => {};
  const seen = new Promise<void>((resolve) => (release = resolve));
  const world = await startRealCliWorld({
    name: 'e2e-implement',
    respond: (body, index) => {
      if (hasToolResult(body)) return text('Done.');
      const write = toolCall('Write', {
        file_path: join(worktree, 'src', 'alpha.ts'),
        content: 'export const alpha = 1;\n',
      });
      return index === 0 ? held(seen, write) : write;
    },
  });
  const seeded = await execa(process.execPath, ['--import', 'tsx', SEED_SCRIPT, world.project]);
  const { ids } = JSON.parse(String(seeded.stdout)) as { ids: { a: string } };
  const short = `PUF-${ids.a.replace(/-/g, '').slice(0, 4)}`;
  worktree = join(world.project, '.puffin', 'local', 'worktrees', `puffin-${short}-alpha`);
  const git = (...args: string[]) =>
    execa('git', args, { cwd: world.project, env: { ...process.env, ...GIT_TEST_ENV } });
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '--all');
  await git('commit', '--quiet', '-m', 'seed');
  const host = await startWorldHost(world);
  try {
    await page.goto(host.launchUrl);
    await page.getByLabel('Project folder').fill(world.project);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('project-path')).toHaveText(world.project);
    await nav(page, 'Board');
    const card = page.getByRole('listitem', { name: /^Alpha,/ });
    await card.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('complementary', { name: 'Details of Alpha' });
    await details.getByRole('button', { name: 'Implement' }).click();
    await expect(details.getByRole('button', { name: 'Implementing…' })).toBeDisabled();
    // While the agent works: the card says so, and the details follow its activity live.
    await expect(card.getByTestId('card-implement')).toHaveText('Implementing…');
    await expect(details.getByLabel('Activity of Implement · Alpha')).toBeVisible({ timeout: 60_000 });
    release();
    await expect(details.getByRole('status')).toContainText(`Verified on branch puffin/${short}-alpha`, {
      timeout: 90_000,
    });
    await expect(card.getByTestId('card-implement')).toHaveText(`Verified on puffin/${short}-alpha`);
    await expect(details.getByRole('status')).toContainText('1 files changed, 1 round');
    expect(existsSync(join(worktree, 'src', 'alpha.ts'))).toBe(true);
    expect(existsSync(join(world.project, 'src', 'alpha.ts'))).toBe(false);
    expect(String((await git('rev-parse', '--abbrev-ref', 'HEAD')).stdout)).toBe('main');
  } finally {
    release();
    await host.stop();
    await world.close();
  }
});
