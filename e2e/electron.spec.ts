import { repoRoot } from './support/paths';
import { mkdtempSync } from 'node:fs';
import { findElectronBinary } from '../scripts/electron-binary.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

/** Where the Electron binary exists (it cannot be downloaded on every machine), drive the real app. */
const found = findElectronBinary();
const binary = 'path' in found ? found.path : null;
const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

test('the desktop app opens its window on the project home', async () => {
  test.skip(
    !binary || !hasDisplay,
    `not run: ${'missing' in found ? found.missing : 'no display on this machine'}`,
  );
  const app = await electron.launch({
    executablePath: binary!,
    args: [repoRoot],
    env: { ...process.env, PUFFIN_USER_DATA: mkdtempSync(join(tmpdir(), 'puffin-electron-')) },
  });
  const window = await app.firstWindow();
  await expect(window.getByRole('heading', { name: 'Open a project' })).toBeVisible();
  // Sandboxed and isolated: the page sees neither Node nor ipcRenderer, only the named bridge functions.
  const page = await window.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    bridge: Object.keys((globalThis as { puffin?: object }).puffin ?? {}).length,
  }));
  expect(page.require).toBe('undefined');
  expect(page.bridge).toBeGreaterThan(5);
  await app.close();
});
