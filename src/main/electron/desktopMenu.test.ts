import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as electron from 'electron';
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  call,
  fake,
  menuItem,
  start,
  useDesktopHarness,
} from '../../../test/support/electron/desktopTesting';

vi.mock('electron', async () =>
  (await import('../../../test/support/electron/fakeElectron')).createFakeElectron(),
);

const h = useDesktopHarness();

describe('startDesktop: events to the window, the native menu and dialogs', () => {
  it('forwards main-process events to the window', async () => {
    const { win, desktop } = await start(h);
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
      join(h.userData, 'settings.json'),
      JSON.stringify({ recentProjects: ['/work/a', '/work/b'] }),
    );
    const { desktop } = await start(h);
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
    const project = join(h.root, 'proj');
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
    const project = join(h.root, 'recent-proj');
    await mkdir(project);
    await writeFile(join(h.userData, 'settings.json'), JSON.stringify({ recentProjects: [project] }));
    const { desktop } = await start(h);
    const changed = new Promise((resolve) => desktop.root.services.projects.onChange(resolve));
    const template = fake.state.menus.at(-1) as MenuItemConstructorOptions[];
    const recent = menuItem(menuItem(template, 'File').submenu as MenuItemConstructorOptions[], 'Open Recent')
      .submenu as MenuItemConstructorOptions[];
    (recent[0]!.click as unknown as () => void)();
    expect(await changed).toMatchObject({ path: project, store: { exists: false } });
  });

  it('opens the folder the native dialog picked', async () => {
    const project = join(h.root, 'picked');
    await mkdir(project);
    vi.mocked(electron.dialog.showOpenDialog).mockResolvedValueOnce({
      canceled: false,
      filePaths: [project],
    });
    const { win, appUrl } = await start(h);
    const result = await call('project:pickFolder', {}, { id: win.webContents.id }, appUrl);
    expect(result).toMatchObject({ ok: true, value: { path: project } });
    expect(vi.mocked(electron.dialog.showOpenDialog).mock.calls[0]![0]).toBe(win);
  });
});
