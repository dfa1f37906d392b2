import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Assertion } from '../../../shared/assertions';
import { IpcError } from '../../../shared/ipc/errors';
import { backlogPages, story } from '../../../../test/support/renderer/fakeClient';
import { stubLayout } from '../../../../test/support/renderer/layout';
import { listed, renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { detail, openSprintStore, sprint } from '../../../../test/support/renderer/sprintFixtures';
import { Backlog } from './Backlog';
import { SprintsPanel } from './SprintsPanel';

stubLayout(480, 800);
afterEach(cleanup);

describe('Sprints', () => {
  it('creates a sprint from the backlog selection and opens it', async () => {
    const setup = setupStore();
    const { client, store } = setup;
    const created = sprint({ storyIds: ['s1', 's3'], title: 'Generated title' });
    client.handle('stories:page', backlogPages([story(1), story(2), story(3)]));
    client.handle('sprints:list', () => []);
    client.handle('sprints:create', () => created);
    client.handle('sprints:get', () => detail({ sprint: created, stories: [story(1), story(3)] }));
    store.getState().connectSprints();
    await act(async () => {
      renderWith(<Backlog />, setup);
      await store.getState().loadStories();
    });
    const create = screen.getByRole('button', { name: 'Create sprint from selected' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 3' }));
    await act(async () => fireEvent.click(create));
    expect(client.callsTo('sprints:create')).toEqual([{ storyIds: ['s1', 's3'] }]);
    expect(client.callsTo('sprints:get')).toEqual([{ sprintId: 'sp1' }]);
    expect(store.getState().view).toBe('sprints');
    cleanup();
    renderWith(<SprintsPanel />, setup);
    expect(screen.getByRole('heading', { level: 2, name: /Generated title/ })).toBeTruthy();
    expect(listed('Sprint stories')).toEqual(['Story 1', 'Story 3']);
    expect(screen.getByRole('button', { name: 'Analyze' })).toBeTruthy();
  });

  it('lists sprints with their status, follows sprints:changed and opens one', async () => {
    const setup = setupStore();
    const { client, store } = setup;
    client.handle('sprints:list', () => [sprint()]);
    client.handle('sprints:get', () => detail());
    await act(async () => {
      store.getState().connectSprints();
      renderWith(<SprintsPanel />, setup);
    });
    const table = screen.getByRole('table', { name: 'Sprint list' });
    expect(within(table).getByRole('button', { name: 'CSV export sprint' })).toBeTruthy();
    expect(within(table).getByText('Open')).toBeTruthy();
    act(() =>
      client.emit('sprints:changed', [sprint(), sprint({ id: 'sp2', title: 'Old', status: 'archived' })]),
    );
    expect(within(table).queryByText('Old')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    expect(within(table).getByRole('button', { name: 'Old' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'CSV export sprint' })));
    expect(screen.getByRole('heading', { level: 2, name: /CSV export sprint/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '← All sprints' }));
    expect(screen.getByRole('table', { name: 'Sprint list' })).toBeTruthy();
  });

  it('closes and archives a sprint with sprints:update', async () => {
    const setup = await openSprintStore(detail());
    const { client } = setup;
    client.handle('sprints:update', (req) => sprint({ status: req.patch.status ?? 'open' }));
    renderWith(<SprintsPanel />, setup);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close sprint' })));
    expect(screen.getByTestId('sprint-status').textContent).toBe('Closed');
    expect((screen.getByRole('button', { name: 'Analyze' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Archive sprint' })));
    expect(client.callsTo('sprints:update')).toEqual([
      { id: 'sp1', patch: { status: 'closed' } },
      { id: 'sp1', patch: { status: 'archived' } },
    ]);
    expect(screen.getByTestId('sprint-status').textContent).toBe('Archived');
    expect(screen.getByRole('button', { name: 'Reopen sprint' })).toBeTruthy();
  });

  it('shows an IpcError with its next step and retries', async () => {
    const setup = await openSprintStore(detail());
    const { client } = setup;
    let calls = 0;
    client.handle('plan:analyze', () => {
      calls++;
      if (calls === 1) throw new IpcError({ code: 'not_logged_in', message: 'Claude Code is not logged in' });
      return detail({
        questions: { sprintId: 'sp1', generatedAt: 'x', summary: 'Clear.', questions: [], answers: {} },
      });
    });
    renderWith(<SprintsPanel />, setup);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Analyze' })));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Claude Code is not logged in');
    expect(alert.textContent).toContain('Next step:');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(calls).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers Implement on each sprint story that has assertions, and shows its verdict on its branch', async () => {
    const assertion: Assertion = {
      id: 'a1',
      type: 'FILE_EXISTS',
      target: 'src/a.ts',
      message: 'has a',
      assertion: {},
    };
    const setup = await openSprintStore(
      detail({
        assertions: [{ storyId: 's1', assertions: [assertion], notDiscriminating: [] }],
      }),
    );
    setup.client.handle('agent:implement', () => ({
      branch: 'puffin/PUF-s1-story-1',
      worktree: '/p/.puffin/local/worktrees/puffin-PUF-s1-story-1',
      verdict: 'verified' as const,
      failing: [],
      changedFiles: ['src/a.ts'],
      costUsd: 0.1,
      rounds: 1,
    }));
    renderWith(<SprintsPanel />, setup);
    const [withSpecs, without] = within(screen.getByRole('list', { name: 'Sprint stories' })).getAllByRole(
      'listitem',
    );
    expect(within(without!).queryByRole('button', { name: 'Implement' })).toBeNull();
    await act(async () => fireEvent.click(within(withSpecs!).getByRole('button', { name: 'Implement' })));
    expect(setup.client.callsTo('agent:implement')).toEqual([{ story: 's1' }]);
    expect(within(withSpecs!).getByRole('status').textContent).toContain(
      'Verified on branch puffin/PUF-s1-story-1',
    );
  });
});
