import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session, shell } from 'electron';
import { join } from 'node:path';
import { eventChannels } from '../../shared/ipc/contract';
import { isSafeExternalUrl } from '../../shared/urls';
import { defaultUserDataDir } from '../base/paths';
import { createRoot, type Root } from '../app/core';
import { isAppUrl, registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { denyAllPermissions, lockDownContents } from './security';
import { APP_URL, registerAppScheme, serveAppScheme } from './appProtocol';
import { keychainCipher } from './keychain';
import { boundsFor, loadWindowState, trackWindowState } from './windowState';

export interface Desktop {
  root: Root;
  window: BrowserWindow;
  appUrl: string;
}

/** Builds the desktop face: one locked-down window over the shared services. */
export async function startDesktop(outDir: string): Promise<Desktop> {
  const userDataDir = defaultUserDataDir();
  app.setPath('userData', userDataDir);
  const openExternal = async (url: string) => {
    // Reviewed for electronegativity's OPEN_EXTERNAL_JS_CHECK: only http(s) links that pass isSafeExternalUrl.
    if (isSafeExternalUrl(url)) await shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK
  };
  let window: BrowserWindow | null = null;
  const keyCipher = keychainCipher();
  const root = await createRoot({
    userDataDir,
    platform: {
      face: 'electron',
      openExternal,
      ...(keyCipher ? { keyCipher } : {}),
      openPath: async (path) => {
        const problem = await shell.openPath(path);
        if (problem) throw new Error(problem);
      },
      revealPath: async (path) => shell.showItemInFolder(path),
      pickFolder: async () => {
        const options = {
          title: 'Open Project',
          properties: ['openDirectory' as const, 'createDirectory' as const],
        };
        const r = window
          ? await dialog.showOpenDialog(window, options)
          : await dialog.showOpenDialog(options);
        return r.canceled || r.filePaths.length === 0 ? null : r.filePaths[0]!;
      },
    },
  });
  const { services, dispatch } = root;
  const log = services.logBus.logger('electron');

  // The dev server's page, in development only: the navigation lock and the IPC sender check trust this URL, so a
  // packaged app started with ELECTRON_RENDERER_URL=http://evil.example would hand that page the whole bridge.
  const devUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  const appUrl = devUrl || APP_URL;
  serveAppScheme(protocol, join(outDir, 'renderer'));
  denyAllPermissions(session.defaultSession);

  const stateFile = join(userDataDir, 'window-state.json');
  const saved = await loadWindowState(stateFile);
  const minimum = { width: 800, height: 560 };
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  // The only window Puffin opens: sandboxed, isolated, no Node in the page. Written out here, not built by a
  // helper, so security scanners (electronegativity) see every option.
  window = new BrowserWindow({
    width: 1280,
    height: 840,
    ...boundsFor(saved, workAreas, minimum),
    minWidth: minimum.width,
    minHeight: minimum.height,
    show: false,
    title: 'Puffin',
    backgroundColor: '#17171a',
    webPreferences: {
      // Reviewed for PRELOAD_JS_CHECK: the preload only exposes the contract's functions through contextBridge.
      preload: join(outDir, 'preload', 'index.cjs'), // eng-disable PRELOAD_JS_CHECK
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: !app.isPackaged,
    },
  });
  const win = window;
  if (saved?.maximized) win.maximize();
  trackWindowState(win, stateFile, (err) => log.warn(`Could not remember the window size: ${String(err)}`));
  lockDownContents(win.webContents, appUrl, (url) => void openExternal(url));
  registerIpc(
    ipcMain,
    dispatch,
    (event) => event.sender.id === win.webContents.id && isAppUrl(event.senderFrame?.url ?? '', appUrl),
    services.logBus.logger('ipc'),
  );
  const forward = root.onEvent((event, payload) => {
    if (!win.isDestroyed() && eventChannels.includes(event)) win.webContents.send(event, payload);
  });

  const applyMenu = () => {
    const template = menuTemplate(
      services.settings.get().recentProjects,
      {
        openProject: () => void dispatch('project:pickFolder', {}, { face: 'electron' }),
        openRecent: (path) => void dispatch('project:open', { path }, { face: 'electron' }),
        openExternal: (url) => void openExternal(url),
        quit: () => app.quit(),
      },
      process.platform === 'darwin',
      !app.isPackaged,
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };
  applyMenu();
  services.settings.onChange(applyMenu);

  win.once('ready-to-show', () => win.show());
  win.on('closed', () => forward());
  await win.loadURL(appUrl);
  log.info('Window ready');
  return { root, window: win, appUrl };
}

/** Entry: single instance, clean quit (services disposed, so CLI children die with the app). */
export function runDesktop(outDir: string): void {
  registerAppScheme(protocol);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let desktop: Desktop | null = null;
  app.on('second-instance', () => {
    if (desktop && !desktop.window.isDestroyed()) {
      if (desktop.window.isMinimized()) desktop.window.restore();
      desktop.window.focus();
    }
  });
  app.on('web-contents-created', (_e, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  app.on('window-all-closed', () => app.quit());
  let disposed = false;
  app.on('before-quit', (event) => {
    if (disposed || !desktop) return;
    event.preventDefault();
    disposed = true;
    void desktop.root.dispose().finally(() => app.quit());
  });
  void app.whenReady().then(async () => {
    try {
      desktop = await startDesktop(outDir);
    } catch (err) {
      dialog.showErrorBox('Puffin could not start', err instanceof Error ? err.message : String(err));
      app.exit(1);
    }
  });
}
