// The desktop face's tests share one per-test setup (a temp out/ and user-data folder) over the fake Electron.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, vi } from 'vitest';
import type { IpcResult } from '../../../src/shared/ipc/errors';
import { startDesktop, type Desktop } from '../../../src/main/electron/desktop';
import { fake, type FakeWindow } from './fakeElectron';

export { fake };

/** Paths of the current test's temp folders and the desktop it started (disposed after each test). */
export interface DesktopHarness {
  root: string;
  outDir: string;
  userData: string;
  desktop: Desktop | null;
}

/** Registers the per-test setup and teardown; read the returned object's fields inside tests. */
export function useDesktopHarness(): DesktopHarness {
  const h: DesktopHarness = { root: '', outDir: '', userData: '', desktop: null };
  beforeEach(async () => {
    h.root = await mkdtemp(join(tmpdir(), 'puffin-desktop-'));
    h.outDir = join(h.root, 'out');
    h.userData = join(h.root, 'user-data');
    await mkdir(join(h.outDir, 'renderer'), { recursive: true });
    await writeFile(join(h.outDir, 'renderer', 'index.html'), '<!doctype html><title>Puffin</title>');
    await mkdir(h.userData);
    vi.stubEnv('PUFFIN_USER_DATA', h.userData);
    vi.stubEnv('ELECTRON_RENDERER_URL', undefined);
    fake.state.handlers.clear();
    fake.state.handleCalls.length = 0;
    fake.state.windows.length = 0;
    fake.state.menus.length = 0;
    vi.clearAllMocks();
    h.desktop = null;
  });
  afterEach(async () => {
    await h.desktop?.root.dispose();
    vi.unstubAllEnvs();
    await rm(h.root, { recursive: true, force: true });
  });
  return h;
}

/** Starts the desktop face over the harness's out folder; its window is the last fake window made. */
export async function start(
  h: DesktopHarness,
): Promise<{ desktop: Desktop; win: FakeWindow; appUrl: string }> {
  const desktop = await startDesktop(h.outDir);
  h.desktop = desktop;
  const win = fake.state.windows.at(-1) as FakeWindow;
  return { desktop, win, appUrl: 'app://puffin/index.html' };
}

/** Calls a registered ipcMain handler as a renderer frame at `frameUrl` would. */
export function call(channel: string, payload: unknown, sender: { id: number }, frameUrl: string | null) {
  const handler = fake.state.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  const event = { sender, senderFrame: frameUrl === null ? null : { url: frameUrl } };
  return handler(event, payload) as Promise<IpcResult<unknown>>;
}

export function menuItem(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  const found = items.find((i) => i.label === label);
  if (!found) throw new Error(`no menu item ${label}`);
  return found;
}
