import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openProject(): void;
  openRecent(path: string): void;
  openExternal(url: string): void;
  quit(): void;
}

const devItems: MenuItemConstructorOptions[] = [
  { role: 'reload' },
  { role: 'toggleDevTools' },
  { type: 'separator' },
];

/**
 * The native menu as data, so it can be tested without Electron. Reload and DevTools exist only in development
 * (`dev`): in a packaged app a reload would drop the page's state and DevTools would open the page to anyone.
 */
export function menuTemplate(
  recent: string[],
  actions: MenuActions,
  isMac: boolean,
  dev = false,
): MenuItemConstructorOptions[] {
  const recentItems: MenuItemConstructorOptions[] =
    recent.length > 0
      ? recent.map((p) => ({ label: p, click: () => actions.openRecent(p) }))
      : [{ label: 'No recent projects', enabled: false }];
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'File',
      submenu: [
        { label: 'Open Project…', accelerator: 'CmdOrCtrl+O', click: () => actions.openProject() },
        { label: 'Open Recent', submenu: recentItems },
        { type: 'separator' },
        { label: 'Quit', accelerator: 'CmdOrCtrl+Q', click: () => actions.quit() },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...(dev ? devItems : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Help',
      submenu: [
        {
          label: 'Claude Code documentation',
          click: () => actions.openExternal('https://docs.anthropic.com/en/docs/claude-code/overview'),
        },
      ],
    },
  ];
  return isMac ? [{ role: 'appMenu' }, ...template] : template;
}
