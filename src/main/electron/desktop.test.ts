import type { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as electron from 'electron';
import type { BrowserWindowConstructorOptions, MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_CSP } from '../../shared/csp';
import { requestChannels } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/errors';
import { startDesktop, type Desktop } from './desktop';

/** Fakes of the parts of Electron the desktop face touches; each test starts from a clean slate. */
const fake = vi.hoisted(() => {
  type Handler = (event: unknown, payload: unknown) => Promise<unknown>;
  const state = {
    handlers: new Map<string, Handler>(),
    handleCalls: [] as string[],
    windows: [] as unknown[],
    menus: [] as unknown[][],
    permissionRequest: null as null | ((...a: unknown[]) => void),
    permissionCheck: null as null | ((...a: unknown[]) => boolean),
    appScheme: null as null | ((request: { url: string }) => Promise<Response>),
    nextContentsId: 1,
  };
  return { state };
});

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const { vi: v } = await import('vitest');
  class FakeWebContents extends Emitter {
    readonly id = fake.state.nextContentsId++;
    windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
    send = v.fn();
    setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
      this.windowOpenHandler = h;
    }
  }
  class FakeBrowserWindow extends Emitter {
    readonly webContents = new FakeWebContents();
    readonly loadURL = v.fn(async (_url: string) => undefined);
    readonly show = v.fn();
    constructor(readonly options: unknown) {
      super();
      fake.state.windows.push(this);
    }
    readonly maximize = v.fn();
    isDestroyed() {
      return false;
    }
    getNormalBounds() {
      return { x: 40, y: 30, width: 1100, height: 700 };
    }
    isMaximized() {
      return false;
    }
  }
  return {
    app: {
      setPath: v.fn(),
      quit: v.fn(),
      exit: v.fn(),
      on: v.fn(),
      requestSingleInstanceLock: v.fn(() => true),
      isPackaged: false,
      whenReady: v.fn(() => Promise.resolve()),
    },
    BrowserWindow: FakeBrowserWindow,
    dialog: {
      showOpenDialog: v.fn(async () => ({ canceled: true, filePaths: [] })),
      showErrorBox: v.fn(),
    },
    ipcMain: {
      handle: v.fn((channel: string, h: (event: unknown, payload: unknown) => Promise<unknown>) => {
        fake.state.handleCalls.push(channel);
        fake.state.handlers.set(channel, h);
      }),
      removeHandler: v.fn((channel: string) => fake.state.handlers.delete(channel)),
    },
    Menu: {
      buildFromTemplate: v.fn((template: unknown[]) => {
        fake.state.menus.push(template);
        return { template };
      }),
      setApplicationMenu: v.fn(),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: v.fn(
          (h: (...a: unknown[]) => void) => (fake.state.permissionRequest = h),
        ),
        setPermissionCheckHandler: v.fn(
          (h: (...a: unknown[]) => boolean) => (fake.state.permissionCheck = h),
        ),
      },
    },
    shell: { openExternal: v.fn(async () => undefined) },
    // A stand-in for the OS keychain: reversible, and never the key's own bytes.
    safeStorage: {
      isEncryptionAvailable: v.fn(() => true),
      getSelectedStorageBackend: v.fn(() => 'gnome_libsecret'),
      encryptString: v.fn((s: string) => Buffer.from(s, 'utf8').map((b) => b ^ 0x5a)),
      decryptString: v.fn((b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a)).toString('utf8')),
    },
    protocol: {
      registerSchemesAsPrivileged: v.fn(),
      handle: v.fn((_scheme: string, h: (request: { url: string }) => Promise<Response>) => {
        fake.state.appScheme = h;
      }),
    },
    screen: { getAllDisplays: v.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) },
  };
});

interface FakeContents extends EventEmitter {
  id: number;
  send: ReturnType<typeof vi.fn>;
  windowOpenHandler: (d: { url: string }) => { action: string };
}
interface FakeWindow extends EventEmitter {
  options: BrowserWindowConstructorOptions;
  webContents: FakeContents;
  loadURL: ReturnType<typeof vi.fn>;
  show: ReturnType<typeof vi.fn>;
}

let root: string;
let outDir: string;
let userData: string;
let desktop: Desktop | null;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'puffin-desktop-'));
  outDir = join(root, 'out');
  userData = join(root, 'user-data');
  await mkdir(join(outDir, 'renderer'), { recursive: true });
  await writeFile(join(outDir, 'renderer', 'index.html'), '<!doctype html><title>Puffin</title>');
  await mkdir(userData);
  vi.stubEnv('PUFFIN_USER_DATA', userData);
  vi.stubEnv('ELECTRON_RENDERER_URL', undefined);
  fake.state.handlers.clear();
  fake.state.handleCalls.length = 0;
  fake.state.windows.length = 0;
  fake.state.menus.length = 0;
  vi.clearAllMocks();
  desktop = null;
});

afterEach(async () => {
  await desktop?.root.dispose();
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

async function start(): Promise<{ desktop: Desktop; win: FakeWindow; appUrl: string }> {
  desktop = await startDesktop(outDir);
  const win = fake.state.windows.at(-1) as FakeWindow;
  return { desktop, win, appUrl: 'app://puffin/index.html' };
}

function call(channel: string, payload: unknown, sender: { id: number }, frameUrl: string | null) {
  const handler = fake.state.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  const event = { sender, senderFrame: frameUrl === null ? null : { url: frameUrl } };
  return handler(event, payload) as Promise<IpcResult<unknown>>;
}

function menuItem(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  const found = items.find((i) => i.label === label);
  if (!found) throw new Error(`no menu item ${label}`);
  return found;
}

describe('startDesktop', () => {
  it('opens one locked-down window with the preload from the out folder and loads the app', async () => {
    const { win, appUrl, desktop } = await start();
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
    expect(prefs.preload).toBe(join(outDir, 'preload', 'index.cjs'));
    expect(prefs.preload?.endsWith(join('preload', 'index.cjs'))).toBe(true);
    expect(win.options.show).toBe(false);
    expect(win.loadURL).toHaveBeenCalledWith(appUrl);
    expect(desktop.appUrl).toBe(appUrl);
    expect(electron.app.setPath).toHaveBeenCalledWith('userData', userData);
    expect(desktop.root.services.info).toMatchObject({
      face: 'electron',
      nativeDialogs: true,
      userDataDir: userData,
    });
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalledTimes(1);
  });

  it('keeps an API key with the OS keychain: only its ciphertext is written', async () => {
    const { desktop } = await start();
    const key = 'sk-desktop-secret-1234567890';
    const r = await desktop.root.dispatch('keys:set', { provider: 'openai', key }, { face: 'electron' });
    expect(r).toMatchObject({ ok: true, value: { canStore: true } });
    const written = await readFile(join(userData, 'keys.json'), 'utf8');
    expect(written).not.toContain(key);
    expect(desktop.root.services.keys.get('openai')).toBe(key);
  });

  it('remembers the window: closing saves its bounds, the next start opens there', async () => {
    const first = await start();
    first.win.emit('close');
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(join(userData, 'window-state.json'), 'utf8'))).toEqual({
        bounds: { x: 40, y: 30, width: 1100, height: 700 },
        maximized: false,
      }),
    );
    await first.desktop.root.dispose();
    const second = await start();
    expect(second.win.options).toMatchObject({ x: 40, y: 30, width: 1100, height: 700 });
  });

  it('loads ELECTRON_RENDERER_URL when it is set (dev server)', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/');
    const { win, desktop } = await start();
    expect(win.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
    expect(desktop.appUrl).toBe('http://localhost:5173/');
  });

  it('registers exactly one ipcMain handler per contract channel, and nothing else', async () => {
    await start();
    expect([...fake.state.handleCalls].sort()).toEqual([...requestChannels].sort());
    expect(new Set(fake.state.handleCalls).size).toBe(fake.state.handleCalls.length);
  });

  it('answers a trusted call through the dispatcher, and rejects its invalid payload', async () => {
    const { win, appUrl } = await start();
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
    const { win, appUrl, desktop } = await start();
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
    expect(await readdir(userData)).not.toContain('settings.json'); // only the log file's warning was written
    const open = await call('project:open', { path: root }, sender, frameUrl);
    expect(open).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(desktop.root.services.projects.get()).toBeNull();
  });

  it('denies every permission request and check', async () => {
    await start();
    const callback = vi.fn();
    fake.state.permissionRequest!({}, 'media', callback, {});
    fake.state.permissionRequest!({}, 'notifications', callback, {});
    expect(callback.mock.calls).toEqual([[false], [false]]);
    expect(fake.state.permissionCheck!({}, 'clipboard-read', 'file://', {})).toBe(false);
  });

  it('serves the page from app://puffin with the one CSP, and nothing outside the renderer folder', async () => {
    await start();
    const page = await fake.state.appScheme!({ url: 'app://puffin/index.html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(await page.text()).toContain('<title>Puffin</title>');
    await writeFile(join(outDir, 'secret.txt'), 'x');
    expect((await fake.state.appScheme!({ url: 'app://puffin/%2e%2e/secret.txt' })).status).toBe(404);
  });

  it('denies every new window and opens only web links in the system browser', async () => {
    const { win } = await start();
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
    const { win, appUrl } = await start();
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

  it('forwards main-process events to the window', async () => {
    const { win, desktop } = await start();
    desktop.root.services.logBus.logger('test').info('hello window');
    expect(win.webContents.send).toHaveBeenCalledWith(
      'log:line',
      expect.objectContaining({ message: 'hello window', scope: 'test' }),
    );
    await desktop.root.services.settings.update({ theme: 'dark' });
    expect(win.webContents.send).toHaveBeenCalledWith(
      'settings:changed',
      expect.objectContaining({ theme: 'dark' }),
    );
    win.emit('closed');
    win.webContents.send.mockClear();
    desktop.root.services.logBus.logger('test').info('after close');
    expect(win.webContents.send).not.toHaveBeenCalled();
  });

  it('builds the native menu with File (Open Project…, Open Recent, Quit), Edit, View and Help', async () => {
    await writeFile(
      join(userData, 'settings.json'),
      JSON.stringify({ recentProjects: ['/work/a', '/work/b'] }),
    );
    const { desktop } = await start();
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalledTimes(1);
    const template = fake.state.menus.at(-1) as MenuItemConstructorOptions[];
    const file = menuItem(template, 'File').submenu as MenuItemConstructorOptions[];
    expect(file.map((i) => i.label ?? i.type)).toEqual(['Open Project…', 'Open Recent', 'separator', 'Quit']);
    const recent = menuItem(file, 'Open Recent').submenu as MenuItemConstructorOptions[];
    expect(recent.map((i) => i.label)).toEqual(['/work/a', '/work/b']);
    expect(template.some((i) => i.role === 'editMenu')).toBe(true);
    expect(menuItem(template, 'View').submenu).toBeDefined();
    expect(menuItem(template, 'Help').submenu).toBeDefined();

    // Quit quits; Open Project… shows the folder dialog (cancelled here: nothing opens).
    const click = (item: MenuItemConstructorOptions) => (item.click as unknown as () => void)();
    click(menuItem(file, 'Quit'));
    expect(electron.app.quit).toHaveBeenCalledTimes(1);
    const dialogShown = new Promise<void>((resolve) =>
      vi.mocked(electron.dialog.showOpenDialog).mockImplementationOnce(async () => {
        resolve();
        return { canceled: true, filePaths: [] };
      }),
    );
    click(menuItem(file, 'Open Project…'));
    await dialogShown;
    expect(desktop.root.services.projects.get()).toBeNull();

    // Opening a project updates recent projects, and the menu follows.
    const project = join(root, 'proj');
    await mkdir(project);
    await desktop.root.services.projects.open(project);
    const after = fake.state.menus.at(-1) as MenuItemConstructorOptions[];
    const afterRecent = menuItem(
      menuItem(after, 'File').submenu as MenuItemConstructorOptions[],
      'Open Recent',
    ).submenu as MenuItemConstructorOptions[];
    expect(afterRecent.map((i) => i.label)).toEqual([project, '/work/a', '/work/b']);
  });

  it('opens a recent project from the menu through the dispatcher', async () => {
    const project = join(root, 'recent-proj');
    await mkdir(project);
    await writeFile(join(userData, 'settings.json'), JSON.stringify({ recentProjects: [project] }));
    const { desktop } = await start();
    const changed = new Promise((resolve) => desktop.root.services.projects.onChange(resolve));
    const template = fake.state.menus.at(-1) as MenuItemConstructorOptions[];
    const recent = menuItem(menuItem(template, 'File').submenu as MenuItemConstructorOptions[], 'Open Recent')
      .submenu as MenuItemConstructorOptions[];
    (recent[0]!.click as unknown as () => void)();
    expect(await changed).toMatchObject({ path: project, store: { exists: false } });
  });

  it('opens the folder the native dialog picked', async () => {
    const project = join(root, 'picked');
    await mkdir(project);
    vi.mocked(electron.dialog.showOpenDialog).mockResolvedValueOnce({
      canceled: false,
      filePaths: [project],
    });
    const { win, appUrl } = await start();
    const result = await call('project:pickFolder', {}, { id: win.webContents.id }, appUrl);
    expect(result).toMatchObject({ ok: true, value: { path: project } });
    expect(vi.mocked(electron.dialog.showOpenDialog).mock.calls[0]![0]).toBe(win);
  });
});
