// Steps every browser journey takes the same way, so a change of label or layout is made once.
import { expect, type Page } from '@playwright/test';

/**
 * For an assertion on what a call's end produces (a model call through the real CLI, a verify run, the watch's
 * re-evaluation): no clock of its own. It waits for that state however long a loaded machine takes, and the test's
 * timeout bounds the whole journey; assertions on what the page does by itself keep the short default.
 */
export const UNTIL_THE_CALL_ENDS = { timeout: 0 } as const;

/** Opens a panel from the sidebar. */
export const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name, exact: true }).click();

/** Prompt panel: writes the feature request, ticks "Derive user stories" and presses Generate. */
export async function deriveStories(page: Page, request: string): Promise<void> {
  await nav(page, 'Prompt');
  await page.getByRole('textbox', { name: 'Feature request' }).fill(request);
  await page.getByRole('checkbox', { name: 'Derive user stories' }).check();
  await page.getByRole('button', { name: 'Generate' }).click();
}

/** The last run says it read exactly one file, and its list names it. */
export async function expectReadOneFile(page: Page, file: string): Promise<void> {
  const read = page.locator('details.read-files').filter({ hasText: 'read 1 file' });
  await read.first().locator('summary').click();
  await expect(read.first().getByRole('list', { name: 'Files read' })).toHaveText(file);
}
