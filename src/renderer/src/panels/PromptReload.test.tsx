// A reload while a generation runs: the new page shows it running (from its History record), follows its progress,
// and shows its result when the record says it ended.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { generation, PROJECT } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore, type Setup } from '../../../../test/support/renderer/setup';
import { PromptPanel } from './PromptPanel';

afterEach(cleanup);

const running = generation({
  id: 'g-run',
  prompt: 'Let users export',
  status: 'running',
  finishedAt: undefined,
  createdAt: new Date().toISOString(),
});

async function reloadedWhileRunning(): Promise<Setup> {
  const setup = setupStore({ project: false });
  setup.client.handle('history:list', () => [running, generation({ id: 'g-old' })]);
  setup.client.handle('generation:cancel', () => ({ cancelled: true }));
  setup.client.handle('storyRevisions:get', () => null);
  renderWith(<PromptPanel />, setup);
  // The project opens in the new page: its lists load.
  await act(async () => {
    setup.store.setState({ project: PROJECT });
    await setup.store.getState().reviewSettled();
  });
  return setup;
}

describe('a reload during a generation', () => {
  it('shows it running, and its stories when it ends', async () => {
    const { client, store } = await reloadedWhileRunning();
    expect(screen.getByRole('heading', { name: 'Generating' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    act(() =>
      client.emit('generation:progress', {
        id: 'g-run',
        phase: 'running',
        stories: [{ title: 'Export CSV', description: '', acceptanceCriteria: [] }],
        costUsd: null,
        elapsedMs: 1000,
      }),
    );
    expect(screen.getByRole('list', { name: 'Stories so far' }).textContent).toContain('Export CSV');

    const done = {
      ...running,
      status: 'succeeded' as const,
      stories: [
        { title: 'Export CSV', description: 'As a PM…', acceptanceCriteria: ['A file'], locked: false },
      ],
    };
    act(() => client.emit('history:changed', done));
    expect(store.getState().running).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Story 1 title' }) as HTMLInputElement).value).toBe(
      'Export CSV',
    );
    expect(screen.getByTestId('result-meta').textContent).toContain('succeeded');
  });

  it('can cancel it, and shows a failure as the error it was', async () => {
    const { client } = await reloadedWhileRunning();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(client.callsTo('generation:cancel')).toEqual([{ id: 'g-run' }]);
    act(() =>
      client.emit('history:changed', {
        ...running,
        status: 'failed',
        error: { code: 'timeout', message: 'Took too long' },
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain('Took too long');
    expect(screen.queryByRole('heading', { name: 'Generating' })).toBeNull();
  });

  it('does not take over a record of another kind or one that ended', async () => {
    const setup = setupStore();
    setup.client.handle('history:list', () => [
      generation({ id: 'p1', kind: 'plan-generate', status: 'running' }),
    ]);
    await act(async () => {
      await setup.store.getState().loadHistory();
    });
    setup.store.getState().adoptRunning();
    expect(setup.store.getState().running).toBeNull();
  });
});
