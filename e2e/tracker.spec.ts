// The Tracker panel in Chromium over the browser host: a sprint exported to the loopback Jira Cloud API (through
// jira.js in the host) shows its Epic and its story's issue as links, and a second export changes nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { expect, test } from '@playwright/test';
import { GIT_TEST_ENV } from '../test/support/gitFixture';
import { startMockJiraApi } from '../test/support/mockJiraApi';
import { startHost } from './support/host';
import { nav } from './support/journey';

const SEED_SCRIPT = join(import.meta.dirname, 'support', 'seedTrackerStore.ts');

test('the Tracker panel exports a sprint to Jira and shows the links', async ({ page }) => {
  test.setTimeout(120_000);
  const jira = await startMockJiraApi({ projects: ['PUF'] });
  const userDataDir = await mkdtemp(join(tmpdir(), 'puffin-e2e-user-'));
  const projectDir = await mkdtemp(join(tmpdir(), 'puffin-e2e-project-'));
  const git = (...args: string[]) => execa('git', args, { cwd: projectDir, env: GIT_TEST_ENV });
  await git('init', '--quiet', '--initial-branch=main');
  await execa(process.execPath, ['--import', 'tsx', SEED_SCRIPT, projectDir]);
  await git('add', '--all');
  await git('commit', '--quiet', '-m', 'seed');
  const host = await startHost({
    ...process.env,
    PUFFIN_USER_DATA: userDataDir,
    JIRA_EMAIL: jira.email,
    JIRA_API_TOKEN: jira.token,
  });
  try {
    await page.goto(host.launchUrl);
    await page.getByLabel('Project folder').fill(projectDir);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('project-path')).toHaveText(projectDir);
    await nav(page, 'Sprints');
    await page.getByRole('button', { name: 'Export', exact: true }).click();

    const panel = page.getByRole('region', { name: 'Tracker' });
    await panel.getByRole('radio', { name: 'Jira' }).check();
    await panel.getByLabel('Site').fill(jira.url);
    await panel.getByLabel('Project key').fill('PUF');
    await panel.getByRole('button', { name: 'Export to Jira' }).click();

    const issues = panel.getByRole('list', { name: 'Tracker issues' });
    const link = issues.getByRole('link', { name: 'PUF-2' });
    await expect(link).toHaveAttribute('href', `${jira.url}/browse/PUF-2`);
    await expect(issues).toContainText('created');
    await expect(panel.getByRole('link', { name: 'PUF-1' })).toHaveAttribute(
      'href',
      `${jira.url}/browse/PUF-1`,
    );
    // The story's issue ticks the proven criterion only.
    const list = (
      jira.issue('PUF-2').fields.description as {
        content: { type: string; content?: { attrs: { state: string } }[] }[];
      }
    ).content.find((n) => n.type === 'taskList');
    expect(list?.content?.map((i) => i.attrs.state)).toEqual(['DONE', 'TODO']);

    await panel.getByRole('button', { name: 'Export to Jira' }).click();
    await expect(issues).toContainText('unchanged');
    expect(jira.state.issues).toHaveLength(2);
  } finally {
    await host.stop();
    await jira.close();
    await rm(userDataDir, { recursive: true, force: true });
    await rm(projectDir, { recursive: true, force: true });
  }
});
