import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/settings';
import { IpcError } from '../../../shared/ipc/errors';
import { createAppStore } from '../store/appStore';
import { StoreProvider } from '../store/StoreContext';
import { createFakeClient, SETTINGS } from '../../../../test/support/renderer/fakeClient';
import { PROVIDER_FACTS } from '../../../../test/support/providerFacts';
import { SettingsPanel } from './SettingsPanel';

afterEach(cleanup);

const LOADED: Settings = {
  ...SETTINGS,
  claudePath: '/opt/claude/bin/claude',
  maxConcurrent: 3,
  defaultModel: 'sonnet',
  theme: 'dark',
  recentProjects: ['/work/a'],
};

function setup(settings: Settings | null = LOADED) {
  const client = createFakeClient();
  client.handle('settings:update', (patch) => ({ ...LOADED, ...patch }));
  client.handle('cli:locate', () => ({ found: true, path: '/usr/local/bin/claude', source: 'path' }));
  client.handle('engines:providers', () => ({ providers: PROVIDER_FACTS }));
  const store = createAppStore(client);
  store.setState({ settings });
  render(
    <StoreProvider store={store}>
      <SettingsPanel />
    </StoreProvider>,
  );
  return { client, store };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const radio = (theme: string) => screen.getByRole('radio', { name: theme }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: /Save settings|Saving…/ }) as HTMLButtonElement;

async function save() {
  await act(async () => {
    fireEvent.submit(saveButton().closest('form')!);
  });
}

describe('SettingsPanel', () => {
  it('says it is loading until settings arrive', async () => {
    const { store } = setup(null);
    expect(screen.getByText('Loading settings…')).toBeTruthy();
    await act(async () => store.setState({ settings: LOADED }));
    expect(field('Claude Code CLI path').value).toBe('/opt/claude/bin/claude');
  });

  it('shows the loaded values', () => {
    setup();
    expect(field('Claude Code CLI path').value).toBe('/opt/claude/bin/claude');
    expect(field('Max concurrent CLI processes').value).toBe('3');
    expect(field('Default model').value).toBe('sonnet');
    expect(radio('dark').checked).toBe(true);
    expect(radio('light').checked).toBe(false);
    expect(saveButton().disabled).toBe(false);
  });

  it.each(['0', '17', '2.5', '', '-1', 'abc'])(
    'refuses %j for max concurrent without calling the client',
    async (value) => {
      const { client } = setup();
      fireEvent.change(field('Max concurrent CLI processes'), { target: { value } });
      expect(screen.getByText('A whole number from 1 to 16.')).toBeTruthy();
      expect(field('Max concurrent CLI processes').getAttribute('aria-invalid')).toBe('true');
      expect(saveButton().disabled).toBe(true);
      await save();
      expect(client.callsTo('settings:update')).toEqual([]);
    },
  );

  it.each(['1', '16'])('accepts the bound %j', (value) => {
    setup();
    fireEvent.change(field('Max concurrent CLI processes'), { target: { value } });
    expect(screen.queryByText('A whole number from 1 to 16.')).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it('saves the edited fields as one patch (trimmed, numeric) and confirms', async () => {
    const { client, store } = setup();
    fireEvent.change(field('Claude Code CLI path'), { target: { value: '  /usr/local/bin/claude  ' } });
    fireEvent.change(field('Max concurrent CLI processes'), { target: { value: '8' } });
    fireEvent.change(field('Default model'), { target: { value: ' opus ' } });
    fireEvent.click(radio('light'));
    await save();
    expect(client.callsTo('settings:update')).toEqual([
      {
        claudePath: '/usr/local/bin/claude',
        maxConcurrent: 8,
        defaultModel: 'opus',
        theme: 'light',
        agentShell: false,
      },
    ]);
    // recentProjects is not the panel's to send.
    expect(client.callsTo('settings:update')[0]).not.toHaveProperty('recentProjects');
    expect(store.getState().settings).toMatchObject({ maxConcurrent: 8, theme: 'light' });
    expect(store.getState().notice).toEqual({ kind: 'info', message: 'Settings saved.' });
    expect(field('Max concurrent CLI processes').value).toBe('8');
  });

  it('lets the agent run shell commands only once the box is ticked and saved (off by default)', async () => {
    const { client, store } = setup();
    const box = screen.getByRole('checkbox', {
      name: 'Allow the agent to run shell commands',
    }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await save();
    expect(client.callsTo('settings:update')).toEqual([expect.objectContaining({ agentShell: true })]);
    expect(store.getState().settings?.agentShell).toBe(true);
    await act(async () => store.setState({ settings: { ...LOADED, agentShell: false } }));
    expect(box.checked).toBe(false);
  });

  it('keeps the form and reports the error when main refuses the update', async () => {
    const { client, store } = setup();
    client.handle('settings:update', () => {
      throw new IpcError({ code: 'not_writable', message: 'Cannot write settings.json' });
    });
    fireEvent.change(field('Default model'), { target: { value: 'opus' } });
    await save();
    expect(store.getState().notice).toMatchObject({ kind: 'error', code: 'not_writable' });
    expect(store.getState().saving).toBe(false);
    expect(field('Default model').value).toBe('opus');
  });

  it('refuses a model name main would reject before sending it, and says what is allowed', async () => {
    const { client } = setup();
    fireEvent.change(field('Default model'), { target: { value: 'bad model!' } });
    expect(field('Default model').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/letters, digits and \. _ : \[ \] - only/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await save();
    expect(client.callsTo('settings:update')).toEqual([]);
    fireEvent.change(field('Default model'), { target: { value: 'claude-opus-4-1[1m]' } });
    expect(saveButton().disabled).toBe(false);
  });

  it('follows settings changed elsewhere', async () => {
    const { store } = setup();
    await act(async () => store.setState({ settings: { ...LOADED, maxConcurrent: 5, theme: 'system' } }));
    expect(field('Max concurrent CLI processes').value).toBe('5');
    expect(radio('system').checked).toBe(true);
  });

  it('says where the log file is and opens it through the contract (or shows its path)', async () => {
    const { client, store } = setup();
    await act(async () =>
      store.setState({
        info: {
          name: 'Puffin',
          version: '0.1.0',
          face: 'browser',
          platform: 'linux',
          userDataDir: '/u',
          nativeDialogs: false,
          logFile: '/u/logs/puffin.log',
        },
      }),
    );
    expect(screen.getByTestId('log-file').textContent).toBe('/u/logs/puffin.log');
    client.handle('log:openFile', () => ({ opened: false, path: '/u/logs/puffin.log' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open log file' }));
    });
    expect(store.getState().notice).toEqual({ kind: 'info', message: 'Log file: /u/logs/puffin.log' });
  });

  it('says where the CLI was really found, and why not when it was not', async () => {
    const { client, store } = setup();
    expect((await screen.findByTestId('cli-location')).textContent).toBe(
      'Using /usr/local/bin/claude (from your PATH).',
    );
    client.handle('cli:locate', () => ({
      found: false,
      code: 'cli_not_found',
      message: 'Claude Code CLI not found. Install it with npm install -g @anthropic-ai/claude-code.',
    }));
    await act(async () => store.setState({ settings: { ...LOADED, claudePath: '' } }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not found/);
  });
});
