import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BoardData, BoardStory } from '../../../../shared/board';
import type { VerifyRunResult } from '../../../../shared/ipc/proofChannels';
import { stubLayout } from '../../../../../test/support/renderer/layout';
import { renderWith, setupStore } from '../../../../../test/support/renderer/setup';
import { BoardPanel } from './BoardPanel';

stubLayout(520, 240);
afterEach(cleanup);

const card = (over: Partial<BoardStory>): BoardStory => ({
  id: 's1',
  title: 'Export CSV',
  column: 'specified',
  verdict: 'failing',
  sprintId: null,
  chips: [{ id: 'a1', message: 'exports toCsv', status: 'fail' }],
  files: null,
  costUsd: 0.5,
  ...over,
});
const board = (stories: BoardStory[]): BoardData => ({
  stories,
  sprints: [],
  commit: null,
  costPerVerifiedUsd: null,
});

const verified: VerifyRunResult = {
  commit: null,
  drift: [],
  sprintId: null,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 5,
  stories: [
    {
      id: 's1',
      title: 'Export CSV',
      status: 'verified',
      summary: { total: 1, passed: 1, failed: 0, errors: 0 },
      failures: [],
    },
  ],
  regressions: [],
  counts: { verified: 1, failing: 0, regressed: 0, unspecified: 0 },
  summary: { total: 1, passed: 1, failed: 0, errors: 0 },
  junit: null,
  warnings: [],
};

async function show() {
  const setup = setupStore();
  let answer = board([card({})]);
  setup.client.handle('board:get', () => answer);
  setup.client.handle('verify:run', () => {
    answer = board([
      card({ column: 'verified', verdict: 'verified', chips: [{ id: 'a1', message: '', status: 'pass' }] }),
    ]);
    return verified;
  });
  setup.store.getState().connectBoard();
  await act(async () => {
    renderWith(<BoardPanel />, setup);
  });
  return setup;
}

describe('BoardPanel', () => {
  it('loads the board, verifies on demand and shows the story moved to verified', async () => {
    const { client, store } = await show();
    await screen.findByRole('listitem', { name: 'Export CSV, Failing' });
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    await screen.findByRole('listitem', { name: 'Export CSV, Verified' });
    expect(client.callsTo('verify:run')).toEqual([{}]);
    expect(screen.getByTestId('board-column-verified').textContent).toContain('Export CSV');
    // The app shows the notice above the panel.
    expect(store.getState().notice?.message).toBe('Verified 1 stories: 1 of 1 assertions pass.');
  });

  it('applies the watch’s board:changed cards live', async () => {
    const { client } = await show();
    await screen.findByRole('listitem', { name: 'Export CSV, Failing' });
    act(() => client.emit('board:changed', [card({ verdict: 'regressed' })]));
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Export CSV, Regressed' }).className).toContain(
        'regressed',
      ),
    );
  });
});
