import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IpcError } from '../../../shared/ipc/errors';
import type { TrackerSyncResult } from '../../../shared/ipc/trackerChannels';
import { story } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { sprint } from '../../../../test/support/renderer/sprintFixtures';
import { TrackerPanel } from './TrackerPanel';

afterEach(cleanup);

const SITE = 'https://acme.atlassian.net';

async function show() {
  const setup = setupStore();
  await act(async () => {
    renderWith(<TrackerPanel sprint={sprint({ id: 's1' })} />, setup);
  });
  fireEvent.change(screen.getByLabelText('Site'), { target: { value: SITE } });
  fireEvent.change(screen.getByLabelText('Project key'), { target: { value: 'PUF' } });
  return setup;
}

const conflictResult = (action: 'conflict' | 'taken'): TrackerSyncResult => ({
  tracker: 'jira',
  site: SITE,
  scope: 'PUF',
  stories: [
    {
      storyId: 'st1',
      key: 'PUF-2',
      url: `${SITE}/browse/PUF-2`,
      action,
      trackerDone: true,
      verdict: 'failing',
    },
  ],
  conflicts:
    action === 'conflict'
      ? [
          {
            storyId: 'st1',
            key: 'PUF-2',
            url: `${SITE}/browse/PUF-2`,
            puffin: { title: 'Mine', description: '', acceptanceCriteria: [] },
            tracker: { title: 'Theirs', description: '', acceptanceCriteria: [] },
          },
        ]
      : [],
  warnings: [],
});

describe('TrackerPanel', () => {
  it('exports to Jira with the fields given, shows progress, then the issues as links', async () => {
    const setup = await show();
    let finish: () => void = () => {};
    setup.client.handle(
      'jira:export',
      () =>
        new Promise((resolve) => {
          finish = () =>
            resolve({
              tracker: 'jira',
              site: SITE,
              scope: 'PUF',
              commit: null,
              container: { key: 'PUF-1', url: `${SITE}/browse/PUF-1`, action: 'created' },
              issues: [{ storyId: 'st1', key: 'PUF-2', url: `${SITE}/browse/PUF-2`, action: 'created' }],
              warnings: [],
            });
        }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export to Jira' }));
    await act(async () => setup.client.emit('tracker:progress', { tracker: 'jira', done: 1, total: 3 }));
    expect(screen.getByRole('status').textContent).toBe('Exporting with Jira… 1 of 3 stories');
    expect(setup.client.callsTo('jira:export')).toEqual([
      { sprintId: 's1', site: SITE, key: 'PUF', closeVerified: false },
    ]);
    await act(async () => finish());
    const link = within(screen.getByRole('list', { name: 'Tracker issues' })).getByRole('link', {
      name: 'PUF-2',
    });
    expect(link.getAttribute('href')).toBe(`${SITE}/browse/PUF-2`);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('lists a sync’s conflicts with both titles; “Take the tracker’s” syncs again settling that story', async () => {
    const setup = await show();
    setup.client.handle('jira:sync', (req) => conflictResult(req.takeTheirs ? 'taken' : 'conflict'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sync' })));
    const conflicts = screen.getByRole('region', { name: 'Conflicts' });
    expect(conflicts.textContent).toContain('Puffin “Mine” · tracker “Theirs”');
    expect(screen.getByRole('list', { name: 'Tracker issues' }).textContent).toContain(
      'closed there · Puffin: failing',
    );
    await act(async () =>
      fireEvent.click(within(conflicts).getByRole('button', { name: 'Take the tracker’s' })),
    );
    expect(setup.client.callsTo('jira:sync')).toEqual([
      { sprintId: 's1', site: SITE, key: 'PUF' },
      { sprintId: 's1', site: SITE, key: 'PUF', takeTheirs: ['st1'] },
    ]);
    expect(screen.queryByRole('region', { name: 'Conflicts' })).toBeNull();
  });

  it('syncs with GitHub too: the repository given, the issue shown closed there next to the verdict', async () => {
    const setup = await show();
    fireEvent.click(screen.getByRole('radio', { name: 'GitHub' }));
    fireEvent.change(screen.getByLabelText('Repository'), { target: { value: 'octo/app' } });
    const url = 'https://github.com/octo/app/issues/1';
    setup.client.handle('github:sync', () => ({
      ...conflictResult('taken'),
      tracker: 'github',
      site: 'https://api.github.com',
      scope: 'octo/app',
      stories: [
        {
          storyId: 'st1',
          key: '#1',
          url,
          action: 'pulled',
          trackerDone: true,
          verdict: 'failing',
          previous: { version: 1, title: 'Export the backlog' },
        },
      ],
    }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sync' })));
    expect(setup.client.callsTo('github:sync')).toEqual([{ sprintId: 's1', repo: 'octo/app' }]);
    const issues = screen.getByRole('list', { name: 'Tracker issues' });
    expect(within(issues).getByRole('link', { name: '#1' }).getAttribute('href')).toBe(url);
    expect(issues.textContent).toContain('closed there · Puffin: failing');
    // The text the sync replaced is offered back.
    expect(issues.textContent).toContain('(was “Export the backlog”)');
    setup.client.handle('storyVersions:restore', () => story(1, { id: 'st1', title: 'Export the backlog' }));
    await act(async () =>
      fireEvent.click(within(issues).getByRole('button', { name: 'Restore earlier text' })),
    );
    expect(setup.client.callsTo('storyVersions:restore')).toEqual([{ storyId: 'st1', number: 1 }]);
    expect(within(issues).queryByRole('button', { name: 'Restore earlier text' })).toBeNull();
  });

  it('Cancel stops the run in main and drops its answer', async () => {
    const setup = await show();
    let finish: () => void = () => {};
    setup.client.handle('tracker:cancel', () => ({ cancelled: true }));
    setup.client.handle(
      'jira:export',
      () =>
        new Promise((_, reject) => {
          finish = () =>
            reject(new IpcError({ code: 'cancelled', message: 'Cancelled before reading PUF-1.' }));
        }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export to Jira' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(setup.client.callsTo('tracker:cancel')).toEqual([{}]);
    await act(async () => finish());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export to Jira' }).hasAttribute('disabled')).toBe(false);
  });

  it('Test connection says who and where', async () => {
    const setup = await show();
    setup.client.handle('tracker:test', () => ({ tracker: 'jira', account: 'Ada', place: 'PUF (Payments)' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Test connection' })));
    expect(setup.client.callsTo('tracker:test')).toEqual([{ tracker: 'jira', site: SITE, key: 'PUF' }]);
    expect(screen.getByTestId('tracker-tested').textContent).toBe('Connected: Ada → PUF (Payments).');
  });

  it('shows a refused export with its help', async () => {
    const setup = await show();
    setup.client.handle('jira:export', () => {
      throw new IpcError({ code: 'tracker_unauthorized', message: 'Jira refused the credentials (401).' });
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export to Jira' })));
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-code')).toBe('tracker_unauthorized');
    expect(alert.textContent).toContain('The tracker refused the credentials');
  });
});
