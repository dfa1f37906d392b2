import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/host';

test('opens a project, persists a setting across reload, and streams activity', async ({ page, host }) => {
  // The page runs under the one CSP (no inline styles or scripts): record any violation it causes.
  await page.addInitScript({
    content: `window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));`,
  });
  await page.goto(host.launchUrl);
  // The token moved from the address bar into a cookie.
  await expect(page).toHaveURL(host.url);
  await expect(page.getByRole('heading', { name: 'Open a project' })).toBeVisible();

  await page.getByLabel('Project folder').fill(host.projectDir);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  const projectName = host.projectDir.split('/').pop()!;
  await expect(page.getByRole('heading', { name: projectName })).toBeVisible();
  await expect(page.getByTestId('project-path')).toHaveText(host.projectDir);
  // Opening creates nothing in the project: the store appears with the first saved record.
  await expect(page.getByTestId('store-state')).toContainText('No .puffin/ yet');
  expect(existsSync(join(host.projectDir, '.puffin'))).toBe(false);

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Max concurrent CLI processes').fill('5');
  await page.getByLabel('dark').check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText(/Settings saved/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByLabel('Max concurrent CLI processes')).toHaveValue('5');
  await expect(page.getByLabel('dark')).toBeChecked();
  const saved = JSON.parse(readFileSync(join(host.userDataDir, 'settings.json'), 'utf8')) as {
    maxConcurrent: number;
  };
  expect(saved.maxConcurrent).toBe(5);

  // Activity: history arrives, and a new line streams in live while the panel is open.
  await page.getByRole('button', { name: 'Activity' }).click();
  const log = page.getByRole('list', { name: 'Activity lines' });
  await expect(log).toContainText('Opened project');
  // Another client opens the project again while the panel is showing: the line is pushed live.
  const token = new URL(host.launchUrl).searchParams.get('token')!;
  await page.request.post(`${host.url}api/invoke`, {
    data: { channel: 'project:open', payload: { path: host.projectDir } },
    headers: { 'x-puffin-token': token },
  });
  await expect(log.getByText(/Opened project/)).toHaveCount(2);

  await page.getByLabel('Filter activity').fill('settings-that-never-appear');
  await expect(log.locator('li')).toHaveCount(0);
  expect(await page.evaluate('window.cspViolations')).toEqual([]);
});

test('a missing folder gets a clear error and nothing is created', async ({ page, host }) => {
  await page.goto(host.launchUrl);
  const missing = join(host.projectDir, 'does-not-exist');
  await page.getByLabel('Project folder').fill(missing);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(new RegExp(`${missing} does not exist`));
  expect(existsSync(missing)).toBe(false);

  await page.getByLabel('Project folder').fill('relative/path');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByText('Use a full path')).toBeVisible();
});

test('the host refuses requests without the token and from foreign origins', async ({ request, host }) => {
  const noToken = await request.post(`${host.url}api/invoke`, { data: { channel: 'settings:get' } });
  expect(noToken.status()).toBe(401);
  const token = new URL(host.launchUrl).searchParams.get('token')!;
  const foreign = await request.post(`${host.url}api/invoke`, {
    data: { channel: 'settings:get' },
    headers: { 'x-puffin-token': token, origin: 'http://evil.example' },
  });
  expect(foreign.status()).toBe(403);
  const unknown = await request.post(`${host.url}api/invoke`, {
    data: { channel: 'fs:readEverything', payload: {} },
    headers: { 'x-puffin-token': token },
  });
  expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
});
