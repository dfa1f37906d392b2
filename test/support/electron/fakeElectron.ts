// A fake of the parts of Electron the desktop face touches, for its tests:
// vi.mock('electron', async () => (await import('<path to>/test/support/electron/fakeElectron')).createFakeElectron()).
// It must not import the desktop face itself (that would load 'electron' while the mock is being made).
import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions } from 'electron';
import { vi } from 'vitest';

/** Fakes of the parts of Electron the desktop face touches; each test starts from a clean slate. */
export const fake = (() => {
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
})();

/** The module the tests get for 'electron'. */
export function createFakeElectron() {
  class FakeWebContents extends EventEmitter {
    readonly id = fake.state.nextContentsId++;
    windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
    send = vi.fn();
    setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
      this.windowOpenHandler = h;
    }
  }
  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    readonly loadURL = vi.fn(async (_url: string) => undefined);
    readonly show = vi.fn();
    constructor(readonly options: unknown) {
      super();
      fake.state.windows.push(this);
    }
    readonly maximize = vi.fn();
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
      setPath: vi.fn(),
      quit: vi.fn(),
      exit: vi.fn(),
      on: vi.fn(),
      requestSingleInstanceLock: vi.fn(() => true),
      isPackaged: false,
      whenReady: vi.fn(() => Promise.resolve()),
    },
    BrowserWindow: FakeBrowserWindow,
    dialog: {
      showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })),
      showErrorBox: vi.fn(),
    },
    ipcMain: {
      handle: vi.fn((channel: string, h: (event: unknown, payload: unknown) => Promise<unknown>) => {
        fake.state.handleCalls.push(channel);
        fake.state.handlers.set(channel, h);
      }),
      removeHandler: vi.fn((channel: string) => fake.state.handlers.delete(channel)),
    },
    Menu: {
      buildFromTemplate: vi.fn((template: unknown[]) => {
        fake.state.menus.push(template);
        return { template };
      }),
      setApplicationMenu: vi.fn(),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(
          (h: (...a: unknown[]) => void) => (fake.state.permissionRequest = h),
        ),
        setPermissionCheckHandler: vi.fn(
          (h: (...a: unknown[]) => boolean) => (fake.state.permissionCheck = h),
        ),
      },
    },
    shell: {
      openExternal: vi.fn(async () => undefined),
      openPath: vi.fn(async (_path: string) => ''),
      showItemInFolder: vi.fn((_path: string) => undefined),
    },
    // A stand-in for the OS keychain: reversible, and never the key's own bytes.
    safeStorage: {
      isEncryptionAvailable: vi.fn(() => true),
      getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
      encryptString: vi.fn((s: string) => Buffer.from(s, 'utf8').map((b) => b ^ 0x5a)),
      decryptString: vi.fn((b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a)).toString('utf8')),
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(),
      handle: vi.fn((_scheme: string, h: (request: { url: string }) => Promise<Response>) => {
        fake.state.appScheme = h;
      }),
    },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) },
  };
}

interface FakeContents extends EventEmitter {
  id: number;
  send: ReturnType<typeof vi.fn>;
  windowOpenHandler: (d: { url: string }) => { action: string };
}
export interface FakeWindow extends EventEmitter {
  options: BrowserWindowConstructorOptions;
  webContents: FakeContents;
  loadURL: ReturnType<typeof vi.fn>;
  show: ReturnType<typeof vi.fn>;
}
