// Every panel, in the light and the dark theme, passes axe-core with no serious or critical finding. The project has
// a sprint story with an assertion and a small backlog, so lists, cards and links are on screen, not only empty states.
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { execa } from 'execa';
import type { Page } from '@playwright/test';
import { expect, test } from './support/host';
import { nav } from './support/journey';

const SEED_SCRIPT = join(import.meta.dirname, 'support', 'seedA11yStore.ts');
const PANELS = [
  'Project',
  'Prompt',
  'Backlog',
  'Sprints',
  'Board',
  'History',
  'Assertions',
  'Settings',
  'Activity',
];

/** The serious and critical findings on the page as it is, one line each (rule, impact, first offending nodes). */
async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await nav(page, 'Settings');
  await page.getByLabel(theme, { exact: true }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** The parts of the Activity list the layout check reads (the e2e code is compiled without the DOM's types). */
interface LogCell {
  scrollWidth: number;
  clientWidth: number;
  className: string;
  tagName: string;
  textContent: string | null;
}
interface LogList {
  style: { fontSize: string };
  querySelectorAll(selector: string): ArrayLike<LogCell>;
}

/** Every panel in both themes; what axe finds, by "<state> <theme> <panel>". */
async function checkPanels(page: Page, state: string, found: Record<string, string[]>): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const panel of PANELS) {
      await nav(page, panel);
      await expect(page.getByRole('button', { name: panel, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      // A lazy panel shows its placeholder until its chunk arrives: check the panel itself.
      await expect(page.getByTestId('panel-loading')).toHaveCount(0);
      const findings = await seriousFindings(page);
      if (findings.length > 0) found[`${state} ${theme} ${panel}`] = findings;
    }
  }
}

test('every panel in both themes has no serious or critical accessibility finding', async ({
  page,
  host,
}) => {
  test.setTimeout(300_000);
  await execa(process.execPath, ['--import', 'tsx', SEED_SCRIPT, host.projectDir]);
  await page.goto(host.launchUrl);
  const found: Record<string, string[]> = {};
  // Before a project is open the panels show their hints, with links to the Project panel.
  await checkPanels(page, 'no project', found);

  await nav(page, 'Project');
  await page.getByLabel('Project folder').fill(host.projectDir);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('project-path')).toHaveText(host.projectDir);
  // A review left open (as a reload finds it): the Prompt panel shows its cards, decisions and feedback form.
  const token = new URL(host.launchUrl).searchParams.get('token')!;
  const item = (title: string, decision: string) => ({
    draft: {
      title,
      description: `As a user I want ${title.toLowerCase()}.`,
      acceptanceCriteria: ['It works'],
    },
    decision,
  });
  const saved = await page.request.post(`${host.url}api/invoke`, {
    data: {
      channel: 'review:save',
      payload: {
        review: {
          generationId: 'a11y-review',
          round: 1,
          partial: false,
          items: [
            item('Export a CSV', 'accepted'),
            item('Import a CSV', 'rejected'),
            item('Share', 'pending'),
          ],
        },
      },
    },
    headers: { 'x-puffin-token': token },
  });
  expect(saved.ok()).toBe(true);
  await page.reload();
  await nav(page, 'Prompt');
  await expect(page.getByRole('list', { name: 'Stories under review' })).toBeVisible();
  // The sprint open, with its plan: the Sprints panel keeps showing it while the other panels are checked.
  await nav(page, 'Sprints');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const heading = page.getByRole('heading', { level: 2, name: /^Plan/ });
  await expect(heading).toContainText('revision 2 (item regenerated: Export the backlog)');
  await expect(page.getByRole('list', { name: 'Changelog of revision 2' })).toHaveText(
    'Regenerated the plan item of “Export the backlog”.',
  );
  await checkPanels(page, 'project', found);
  expect(found).toEqual({});
});

test("the Activity log's columns never run into each other, whatever the font's width", async ({
  page,
  host,
}) => {
  await page.goto(host.launchUrl);
  await page.getByLabel('Project folder').fill(host.projectDir);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('project-path')).toHaveText(host.projectDir);
  await nav(page, 'Activity');
  const log = page.getByRole('list', { name: 'Activity lines' });
  await expect(log).toContainText('Opened project');
  // A wider monospace font than this machine's (as on other systems): columns sized in rem ran into each other.
  // (Set through the CSSOM, which the page's CSP allows, unlike an injected <style>.)
  await log.evaluate((list: LogList) => (list.style.fontSize = '24px'));
  // A cell whose text is wider than its column runs under the next one: none may.
  const overflowing = await log.evaluate((list: LogList) =>
    Array.from(list.querySelectorAll('li > *'))
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => `${cell.className || cell.tagName}: ${cell.textContent ?? ''}`),
  );
  expect(overflowing).toEqual([]);
});
