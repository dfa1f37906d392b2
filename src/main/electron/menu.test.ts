import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { menuTemplate, type MenuActions } from './menu';

function actions() {
  return {
    openProject: vi.fn<MenuActions['openProject']>(),
    openRecent: vi.fn<MenuActions['openRecent']>(),
    openExternal: vi.fn<MenuActions['openExternal']>(),
    quit: vi.fn<MenuActions['quit']>(),
  };
}

function find(items: MenuItemConstructorOptions[] | undefined, label: string): MenuItemConstructorOptions {
  const item = (items ?? []).find((i) => i.label === label);
  if (!item) throw new Error(`no item ${label}`);
  return item;
}

const sub = (item: MenuItemConstructorOptions) => item.submenu as MenuItemConstructorOptions[];
const click = (item: MenuItemConstructorOptions) => (item.click as unknown as () => void)();

describe('menuTemplate', () => {
  it('has File, Edit, View and Help, in that order, off macOS', () => {
    const t = menuTemplate([], actions(), false);
    expect(t.map((i) => i.label ?? i.role)).toEqual(['File', 'editMenu', 'View', 'Help']);
  });

  it('puts the app menu first on macOS', () => {
    const t = menuTemplate([], actions(), true);
    expect(t.map((i) => i.label ?? i.role)).toEqual(['appMenu', 'File', 'editMenu', 'View', 'Help']);
  });

  it('has Open Project…, Open Recent and Quit in File, wired to their actions', () => {
    const a = actions();
    const file = sub(find(menuTemplate([], a, false), 'File'));
    expect(file.map((i) => i.label ?? i.type)).toEqual(['Open Project…', 'Open Recent', 'separator', 'Quit']);
    expect(find(file, 'Open Project…').accelerator).toBe('CmdOrCtrl+O');
    expect(find(file, 'Quit').accelerator).toBe('CmdOrCtrl+Q');
    click(find(file, 'Open Project…'));
    expect(a.openProject).toHaveBeenCalledTimes(1);
    click(find(file, 'Quit'));
    expect(a.quit).toHaveBeenCalledTimes(1);
    expect(a.openRecent).not.toHaveBeenCalled();
  });

  it('lists recent projects in order, each opening its own path', () => {
    const a = actions();
    const recent = sub(find(sub(find(menuTemplate(['/p/one', '/p/two'], a, false), 'File')), 'Open Recent'));
    expect(recent.map((i) => i.label)).toEqual(['/p/one', '/p/two']);
    click(recent[1]!);
    expect(a.openRecent).toHaveBeenCalledWith('/p/two');
    click(recent[0]!);
    expect(a.openRecent).toHaveBeenLastCalledWith('/p/one');
  });

  it('shows a disabled placeholder when there are no recent projects', () => {
    const recent = sub(find(sub(find(menuTemplate([], actions(), false), 'File')), 'Open Recent'));
    expect(recent).toEqual([{ label: 'No recent projects', enabled: false }]);
  });

  it('has zoom and fullscreen in View, and reload and DevTools only in development', () => {
    const roles = (dev: boolean) =>
      sub(find(menuTemplate([], actions(), false, dev), 'View'))
        .filter((i) => i.role)
        .map((i) => i.role);
    expect(roles(false)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(roles(true)).toEqual([
      'reload',
      'toggleDevTools',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
  });

  it('opens the documentation from Help through openExternal, with a web link', () => {
    const a = actions();
    const help = sub(find(menuTemplate([], a, false), 'Help'));
    expect(help).toHaveLength(1);
    click(help[0]!);
    expect(a.openExternal).toHaveBeenCalledTimes(1);
    expect(a.openExternal.mock.calls[0]![0]).toMatch(/^https:\/\//);
  });
});
