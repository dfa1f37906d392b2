import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as electron from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { APP_CSP } from '../../shared/csp';
import { requestChannels } from '../../shared/ipc/contract';
import { call, fake, start, useDesktopHarness } from '../../../test/support/electron/desktopTesting';

vi.mock('electron', async () =>
  (await import('../../../test/support/electron/fakeElectron')).createFakeElectron(),
);

const h = useDesktopHarness();

describe('startDesktop: the window, its IPC and what it may reach', () => {
  it('opens one locked-down window with the preload from the out folder and loads the app', async () => {
    const { win, appUrl, desktop } = await start(h);
    expect(fake.state.windows).toHaveLength(1);
    const prefs = win.options.webPreferences!;
    expect(prefs.sandbox).toBe(true);
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.disableBlinkFeatures).toBe('Auxclick');
    expect(prefs.devTools).toBe(true); // not packaged here; `devTools: !app.isPackaged`
    expect(prefs.preload).toBe(join(h.outDir, 'preload', 'index.cjs'));
    expect(prefs.preload?.endsWith(join('preload', 'index.cjs'))).toBe(true);
    expect(win.options.show).toBe(false);
    expect(win.loadURL).toHaveBeenCalledWith(appUrl);
    expect(desktop.appUrl).toBe(appUrl);
    expect(electron.app.setPath).toHaveBeenCalledWith('userData', h.userData);
    expect(desktop.root.services.info).toMatchObject({
      face: 'electron',
      nativeDialogs: true,
      userDataDir: h.userData,
    });
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalledTimes(1);
  });

  it('keeps an API key with the OS keychain: only its ciphertext is written', async () => {
    const { desktop } = await start(h);
    const key = 'sk-desktop-secret-1234567890';
    const r = await desktop.root.dispatch('keys:set', { provider: 'openai', key }, { face: 'electron' });
    expect(r).toMatchObject({ ok: true, value: { canStore: true } });
    const written = await readFile(join(h.userData, 'keys.json'), 'utf8');
    expect(written).not.toContain(key);
    expect(desktop.root.services.keys.get('openai')).toBe(key);
  });

  it('remembers the window: closing saves its bounds, the next start opens there', async () => {
    const first = await start(h);
    first.win.emit('close');
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(join(h.userData, 'window-state.json'), 'utf8'))).toEqual({
        bounds: { x: 40, y: 30, width: 1100, height: 700 },
        maximized: false,
      }),
    );
    await first.desktop.root.dispose();
    const second = await start(h);
    expect(second.win.options).toMatchObject({ x: 40, y: 30, width: 1100, height: 700 });
  });

  it('loads ELECTRON_RENDERER_URL when it is set (dev server)', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/');
    const { win, desktop } = await start(h);
    expect(win.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
    expect(desktop.appUrl).toBe('http://localhost:5173/');
  });

  it('ignores ELECTRON_RENDERER_URL once packaged: the page, the navigation lock and the IPC check stay app://', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://evil.example/');
    const packaged = vi.spyOn(electron.app, 'isPackaged', 'get').mockReturnValue(true);
    try {
      const { win, desktop, appUrl } = await start(h);
      expect(desktop.appUrl).toBe(appUrl);
      expect(win.loadURL).toHaveBeenCalledWith(appUrl);
      const sender = { id: win.webContents.id };
      expect(await call('settings:get', {}, sender, 'http://evil.example/')).toMatchObject({
        ok: false,
        error: { code: 'forbidden_sender' },
      });
      const event = { preventDefault: vi.fn() };
      win.webContents.emit('will-navigate', event, 'http://evil.example/');
      expect(event.preventDefault).toHaveBeenCalled();
    } finally {
      packaged.mockRestore();
    }
  });

  it.each(['tools/x.bat', 'x.lnk', 'run.command', 'Tool.app', 'src/a.ts'])(
    'shows the location %s of an assertion in its folder, never running it',
    async (file) => {
      const { win, appUrl } = await start(h);
      const sender = { id: win.webContents.id };
      const project = join(h.root, 'project');
      await mkdir(join(project, 'tools'), { recursive: true });
      expect(await call('project:open', { path: project }, sender, appUrl)).toMatchObject({ ok: true });
      expect(await call('assertions:openLocation', { file, line: 2 }, sender, appUrl)).toEqual({
        ok: true,
        value: { opened: true, path: join(project, file) },
      });
      expect(electron.shell.showItemInFolder).toHaveBeenCalledWith(join(project, file));
      expect(electron.shell.openPath).not.toHaveBeenCalled();
    },
  );

  it('registers exactly one ipcMain handler per contract channel, and nothing else', async () => {
    await start(h);
    expect([...fake.state.handleCalls].sort()).toEqual([...requestChannels].sort());
    expect(new Set(fake.state.handleCalls).size).toBe(fake.state.handleCalls.length);
  });

  it('answers a trusted call through the dispatcher, and rejects its invalid payload', async () => {
    const { win, appUrl } = await start(h);
    const sender = { id: win.webContents.id };
    expect(await call('settings:get', {}, sender, appUrl)).toMatchObject({
      ok: true,
      value: { theme: 'system' },
    });
    const bad = await call('settings:update', { maxConcurrent: 'lots' }, sender, appUrl);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    const extra = await call('project:open', { path: '/x', shell: 'rm -rf /' }, sender, appUrl);
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(await call('project:open', 'not-an-object', sender, appUrl)).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    // The app page may carry a hash or query and still be the app.
    expect(await call('settings:get', {}, sender, `${appUrl}#/settings`)).toMatchObject({ ok: true });
  });

  it.each([
    ['another webContents', 'other-id', 'app'],
    ['a frame on a foreign site', 'own', 'https://evil.example/'],
    ['another local file', 'own', 'file:///tmp/evil.html'],
    ['another app:// host', 'own', 'app://evil/index.html'],
    ['another custom scheme', 'own', 'evil://puffin/index.html'],
    ['a frame without a URL', 'own', null],
  ])('refuses a call from %s with forbidden_sender, before any service runs', async (_what, who, frame) => {
    const { win, appUrl, desktop } = await start(h);
    const update = vi.spyOn(desktop.root.services.settings, 'update');
    const sender = { id: who === 'own' ? win.webContents.id : win.webContents.id + 1000 };
    const frameUrl = frame === 'app' ? appUrl : frame;
    const result = await call('settings:update', { theme: 'dark' }, sender, frameUrl);
    expect(result).toEqual({
      ok: false,
      error: { code: 'forbidden_sender', message: 'This window may not call Puffin.' },
    });
    expect(update).not.toHaveBeenCalled();
    expect(desktop.root.services.settings.get().theme).toBe('system');
    expect(await readdir(h.userData)).not.toContain('settings.json'); // only the log file's warning was written
    const open = await call('project:open', { path: h.root }, sender, frameUrl);
    expect(open).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(desktop.root.services.projects.get()).toBeNull();
  });

  it('denies every permission request and check', async () => {
    await start(h);
    const callback = vi.fn();
    fake.state.permissionRequest!({}, 'media', callback, {});
    fake.state.permissionRequest!({}, 'notifications', callback, {});
    expect(callback.mock.calls).toEqual([[false], [false]]);
    expect(fake.state.permissionCheck!({}, 'clipboard-read', 'file://', {})).toBe(false);
  });

  it('serves the page from app://puffin with the one CSP, and nothing outside the renderer folder', async () => {
    await start(h);
    const page = await fake.state.appScheme!({ url: 'app://puffin/index.html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(await page.text()).toContain('<title>Puffin</title>');
    await writeFile(join(h.outDir, 'secret.txt'), 'x');
    expect((await fake.state.appScheme!({ url: 'app://puffin/%2e%2e/secret.txt' })).status).toBe(404);
  });

  it('denies every new window and opens only web links in the system browser', async () => {
    const { win } = await start(h);
    const open = win.webContents.windowOpenHandler;
    expect(open({ url: 'https://example.com/docs' })).toEqual({ action: 'deny' });
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'puffin://x',
      'https://user@evil.example/',
    ])
      expect(open({ url })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://example.com/docs');
  });

  it('blocks navigation and redirects away from the app, and webviews', async () => {
    const { win, appUrl } = await start(h);
    const navigate = (channel: string, url: string) => {
      const event = { preventDefault: vi.fn() };
      win.webContents.emit(channel, event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate('will-redirect', 'https://evil.example/')).toBe(true);
    expect(navigate('will-navigate', appUrl)).toBe(false);
    expect(navigate('will-attach-webview', 'https://x/')).toBe(true);
  });
});
