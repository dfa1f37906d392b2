import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../shared/ipc/contract';
import { IpcError } from '../../../shared/ipc/errors';
import { createAppStore } from '../store/appStore';
import { StoreProvider } from '../store/StoreContext';
import {
  createFakeClient,
  PROJECT,
  SETTINGS,
  type FakeClient,
} from '../../../../test/support/renderer/fakeClient';
import { OpenProject, pathProblem } from './OpenProject';

afterEach(cleanup);

const INFO: AppInfo = {
  name: 'Puffin',
  version: '0.1.0',
  face: 'browser',
  platform: 'linux',
  userDataDir: '/home/me/.config/Puffin',
  nativeDialogs: false,
  logFile: '/home/dev/.config/Puffin/logs/puffin.log',
};

function setup(opts: { recent?: string[]; nativeDialogs?: boolean } = {}) {
  const client = createFakeClient();
  client.handle('project:open', ({ path }) => ({ ...PROJECT, name: path.split('/').pop()!, path }));
  client.handle('project:forgetRecent', ({ path }) => ({
    ...SETTINGS,
    recentProjects: (opts.recent ?? []).filter((p) => p !== path),
  }));
  client.handle('project:pickFolder', () => PROJECT);
  const store = createAppStore(client);
  store.setState({
    info: { ...INFO, nativeDialogs: opts.nativeDialogs ?? false },
    settings: { ...SETTINGS, recentProjects: opts.recent ?? [] },
  });
  render(
    <StoreProvider store={store}>
      <OpenProject />
    </StoreProvider>,
  );
  return { client, store };
}

const input = () => screen.getByLabelText('Project folder') as HTMLInputElement;
const hint = () => document.getElementById('project-path-hint')!;

async function submit(client: FakeClient, path: string) {
  fireEvent.change(input(), { target: { value: path } });
  // The fake client answers at once; act() waits for the store update that follows.
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  });
  return client.callsTo('project:open');
}

describe('pathProblem', () => {
  it.each(['', '   '])('asks for a folder when the path is %j', (p) => {
    expect(pathProblem(p)).toBe('Enter the folder of your project.');
  });

  it.each(['relative/dir', './here', '../up', 'my-app', 'C:relative', 'file:///home/me'])(
    'asks for a full path for %j',
    (p) => {
      expect(pathProblem(p)).toBe('Use a full path, like /home/me/my-app.');
    },
  );

  it.each([
    '/home/me/app',
    '  /srv/x  ',
    '~',
    '~/code/app',
    'C:\\Users\\me\\app',
    'd:/work',
    '\\\\server\\share',
  ])('accepts %j', (p) => {
    expect(pathProblem(p)).toBeNull();
  });
});

describe('OpenProject', () => {
  it('shows no error before the user has touched the field', () => {
    setup();
    expect(hint().textContent).toBe('The full path of a folder you can write to.');
    expect(input().getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the hint for a relative path and does not call the client', async () => {
    const { client, store } = setup();
    expect(await submit(client, 'code/my-app')).toEqual([]);
    expect(client.calls).toEqual([]);
    expect(hint().textContent).toBe('Use a full path, like /home/me/my-app.');
    expect(hint().className).toBe('field-error');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(store.getState().project).toBeNull();
  });

  it('shows the hint for an empty path on blur', () => {
    setup();
    fireEvent.blur(input());
    expect(hint().textContent).toBe('Enter the folder of your project.');
  });

  it('opens a valid path (trimmed) through project:open and stores the project', async () => {
    const { client, store } = setup();
    expect(await submit(client, '  /home/me/my-app  ')).toEqual([{ path: '/home/me/my-app' }]);
    expect(store.getState().project).toMatchObject({ name: 'my-app', path: '/home/me/my-app' });
    expect(store.getState().opening).toBe(false);
    expect(hint().className).toBe('muted');
  });

  it('turns a refusal from main into a notice with its code', async () => {
    const { client, store } = setup();
    client.handle('project:open', () => {
      throw new IpcError({ code: 'not_found', message: 'The folder /nope does not exist.' });
    });
    await submit(client, '/nope');
    expect(store.getState().notice).toEqual({
      kind: 'error',
      code: 'not_found',
      message: 'The folder /nope does not exist.',
    });
    expect(store.getState().project).toBeNull();
    expect((screen.getByRole('button', { name: 'Open' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lists recent projects; clicking one opens it, × forgets it', async () => {
    const { client } = setup({ recent: ['/work/alpha', '/work/beta'] });
    const list = screen.getByRole('list', { name: 'Recent projects' });
    const items = Array.from(list.querySelectorAll('li'));
    expect(items.map((li) => li.querySelector('button.link')?.textContent)).toEqual([
      '/work/alpha',
      '/work/beta',
    ]);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '/work/beta' }));
    });
    expect(client.callsTo('project:open')).toEqual([{ path: '/work/beta' }]);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Forget /work/alpha' }));
    });
    expect(client.callsTo('project:forgetRecent')).toEqual([{ path: '/work/alpha' }]);
    expect(screen.queryByRole('button', { name: '/work/alpha' })).toBeNull();
    expect(screen.getByRole('button', { name: '/work/beta' })).toBeTruthy();
  });

  it('shows no recent list when there are none', () => {
    setup();
    expect(screen.queryByRole('list', { name: 'Recent projects' })).toBeNull();
  });

  it('offers the native folder dialog only where there is one', async () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Choose folder…' })).toBeNull();
    cleanup();
    const { client, store } = setup({ nativeDialogs: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Choose folder…' }));
    });
    expect(client.callsTo('project:pickFolder')).toEqual([{}]);
    expect(store.getState().project).toEqual(PROJECT);
  });
});
