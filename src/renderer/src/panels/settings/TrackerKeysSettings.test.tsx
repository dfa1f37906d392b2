import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrackerKeysView } from '../../../../shared/ipc/trackerChannels';
import { renderWith, setupStore } from '../../../../../test/support/renderer/setup';
import { TrackerKeysSettings } from './TrackerKeysSettings';

afterEach(cleanup);

const view = (token: 'missing' | 'keychain'): TrackerKeysView => ({
  canStore: true,
  keys: [
    { name: 'JIRA_EMAIL', source: 'env' },
    { name: 'JIRA_API_TOKEN', source: token },
    { name: 'LINEAR_API_KEY', source: 'missing' },
  ],
});

describe('TrackerKeysSettings', () => {
  it('says where each credential comes from, stores one with the keychain, and clears it', async () => {
    const setup = setupStore();
    setup.client.handle('trackerKeys:status', () => view('missing'));
    setup.client.handle('trackerKeys:set', () => view('keychain'));
    setup.client.handle('trackerKeys:clear', () => view('missing'));
    await act(async () => {
      renderWith(<TrackerKeysSettings />, setup);
    });
    expect(screen.getByTestId('tracker-key-JIRA_EMAIL').textContent).toContain('from the environment');
    fireEvent.change(screen.getByLabelText('Jira API token'), { target: { value: ' tok ' } });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Set' })[1]!));
    expect(setup.client.callsTo('trackerKeys:set')).toEqual([{ name: 'JIRA_API_TOKEN', value: 'tok' }]);
    expect(screen.getByTestId('tracker-key-JIRA_API_TOKEN').textContent).toContain('stored in the keychain');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear' })));
    expect(setup.client.callsTo('trackerKeys:clear')).toEqual([{ name: 'JIRA_API_TOKEN' }]);
  });
});
