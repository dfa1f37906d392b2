// The board in Chromium over the browser host: a git project with a 5,000-story backlog and one sprint story with an
// assertion. The board renders a bounded window of cards, is driven by the keyboard, Verify moves the story to
// Verified, and breaking the file on disk flags it regressed live (project watch → board:changed → WebSocket).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { GIT_TEST_ENV } from '../test/support/gitFixture';
import { expect, test } from './support/host';
import { nav, UNTIL_THE_CALL_ENDS } from './support/journey';

const SEED_SCRIPT = join(import.meta.dirname, 'support', 'seedBoardStore.ts');

async function seed(projectDir: string): Promise<void> {
  const git = (...args: string[]) => execa('git', args, { cwd: projectDir, env: GIT_TEST_ENV });
  await git('init', '--quiet', '--initial-branch=main');
  // The store is written by the app's own modules, in a tsx process (see seedBoardStore.ts for why).
  await execa(process.execPath, ['--import', 'tsx', SEED_SCRIPT, projectDir]);
  await writeFile(join(projectDir, 'README.md'), 'project\n');
  await mkdir(join(projectDir, 'src'));
  await writeFile(join(projectDir, 'src', 'csv.ts'), 'export function toCsv() { return ""; }\n');
  await git('add', '--all');
  await git('commit', '--quiet', '-m', 'seed');
}

test('the board: 5,000 stories, keyboard, verify, a live regression', async ({ page, host }) => {
  test.setTimeout(240_000);
  await seed(host.projectDir);
  await page.goto(host.launchUrl);
  await page.getByLabel('Project folder').fill(host.projectDir);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('project-path')).toHaveText(host.projectDir);

  await nav(page, 'Board');
  const backlog = page.getByTestId('board-column-backlog');
  await expect(backlog.getByRole('heading')).toContainText('5000');
  // Virtualised: a bounded window of cards in the DOM, not 5,000.
  expect(await backlog.getByRole('listitem', { name: /Backlog story/ }).count()).toBeLessThan(40);
  const specified = page.getByTestId('board-column-specified');
  await expect(specified.getByRole('listitem', { name: 'Export the backlog, Failing' })).toBeVisible();

  await page.getByRole('button', { name: 'Verify now' }).click();
  // Wait for what is awaited: the run has ended when its summary shows and the button is back (on a loaded machine,
  // verifying a 5,000-story project takes longer than the default expect timeout; the test's timeout bounds it).
  await expect(page.getByText(/^Verified \d+ stories:/)).toBeVisible(UNTIL_THE_CALL_ENDS);
  await expect(page.getByRole('button', { name: 'Verify now' })).toBeEnabled(UNTIL_THE_CALL_ENDS);
  const verified = page.getByTestId('board-column-verified');
  const card = verified.getByRole('listitem', { name: 'Export the backlog, Verified' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'csv passes' })).toBeVisible();

  // Keyboard: from the backlog's first card, End goes to its last; ArrowRight jumps the empty columns to Verified.
  await backlog.getByRole('listitem').first().focus();
  await page.keyboard.press('End');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Backlog story 4999, No assertions');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Export the backlog, Verified');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary', { name: 'Details of Export the backlog' })).toContainText(
    'has toCsv',
  );
  await page.keyboard.press('Escape');

  // Live: break the file on disk; the watch re-evaluates it and the card comes back flagged.
  await writeFile(join(host.projectDir, 'src', 'csv.ts'), 'export function other() {}\n');
  const regressed = specified.getByRole('listitem', { name: 'Export the backlog, Regressed' });
  // The watch is debounced and re-evaluates on a possibly loaded machine; the test's timeout bounds it.
  await expect(regressed).toBeVisible(UNTIL_THE_CALL_ENDS);
  await expect(page.getByTestId('board-summary')).toContainText('1 regressed');
});
