import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BoardData, BoardStory } from '../../../../shared/board';
import type { ResponseOf } from '../../../../shared/ipc/contract';
import { IpcError } from '../../../../shared/ipc/errors';
import { deferred } from '../../../../../test/support/renderer/fakeClient';
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
  costUsd: null,
  ...over,
});
const board = (stories: BoardStory[]): BoardData => ({
  stories,
  sprints: [],
  commit: null,
  costPerVerifiedUsd: null,
});

async function openDetails(stories: BoardStory[], title: string) {
  const setup = setupStore();
  setup.client.handle('board:get', () => board(stories));
  await act(async () => {
    renderWith(<BoardPanel />, setup);
  });
  const item = await screen.findByRole('listitem', { name: new RegExp(`^${title},`) });
  act(() => item.focus());
  fireEvent.keyDown(item, { key: 'Enter' });
  return { setup, item, details: screen.getByRole('complementary', { name: `Details of ${title}` }) };
}

/** The card of the story, as the board shows it now (its element may be replaced as the column renders). */
const cardOf = (title: string) => screen.getByRole('listitem', { name: new RegExp(`^${title},`) });

describe('Implement on the board', () => {
  it('runs the agent for the story, says so while it runs, then shows the verdict on its branch', async () => {
    const answer = deferred<ResponseOf<'agent:implement'>>();
    const { setup, details } = await openDetails([card({})], 'Export CSV');
    setup.client.handle('agent:implement', () => answer.promise);
    expect(within(cardOf('Export CSV')).queryByTestId('card-implement')).toBeNull();
    fireEvent.click(within(details).getByRole('button', { name: 'Implement' }));
    expect(within(details).getByRole('button', { name: 'Implementing…' })).toHaveProperty('disabled', true);
    // The card itself says so, not only the details.
    expect(within(cardOf('Export CSV')).getByTestId('card-implement').textContent).toBe('Implementing…');
    expect(setup.client.callsTo('agent:implement')).toEqual([{ story: 's1' }]);
    // What the agent is doing, live, as the engine reports it.
    act(() =>
      setup.client.emit('call:activity', {
        activity: {
          callId: 'implement-s1',
          label: 'Implement · Export CSV',
          phase: 'running',
          turn: 2,
          toolCalls: 1,
          lastTool: 'Write src/csv.ts',
          retry: null,
          tokensIn: null,
          tokensOut: null,
          costUsd: null,
          startedAt: new Date().toISOString(),
          elapsedMs: 0,
        },
        lines: [],
        skippedLines: 0,
      }),
    );
    expect(within(details).getByLabelText('Activity of Implement · Export CSV').textContent).toContain(
      'Write src/csv.ts',
    );
    await act(async () =>
      answer.resolve({
        branch: 'puffin/PUF-s1-export-csv',
        worktree: '/p/.puffin/local/worktrees/puffin-PUF-s1-export-csv',
        verdict: 'failing',
        failing: [{ assertion: 'a1', message: 'exports toCsv', reason: 'missing', file: null, line: null }],
        changedFiles: ['src/csv.ts'],
        costUsd: 0.1,
        rounds: 1,
      }),
    );
    const status = within(details).getByRole('status');
    expect(status.textContent).toBe(
      'Failing on branch puffin/PUF-s1-export-csv: a1 still failing (1 files changed, 1 round)',
    );
    const onCard = within(cardOf('Export CSV')).getByTestId('card-implement');
    expect(onCard.textContent).toBe('Failing on puffin/PUF-s1-export-csv');
    expect(onCard.getAttribute('title')).toBe('Still failing: a1');
    expect(within(details).getByRole('button', { name: 'Implement' })).toHaveProperty('disabled', false);
  });

  it('cancels the running agent; the run then ends as cancelled', async () => {
    const answer = deferred<ResponseOf<'agent:implement'>>();
    const { setup, details } = await openDetails([card({})], 'Export CSV');
    setup.client.handle('agent:implement', () => answer.promise);
    setup.client.handle('agent:cancelImplement', () => {
      answer.reject(new IpcError({ code: 'cancelled', message: 'The implementation was cancelled.' }));
      return { cancelled: true };
    });
    fireEvent.click(within(details).getByRole('button', { name: 'Implement' }));
    await act(async () => fireEvent.click(within(details).getByRole('button', { name: 'Cancel' })));
    expect(setup.client.callsTo('agent:cancelImplement')).toEqual([{ story: 's1' }]);
    expect(within(details).getByRole('status').textContent).toContain('cancelled');
    expect(within(details).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("shows a verified run on the card with its branch, and only on that story's card", async () => {
    const { setup, details } = await openDetails(
      [card({}), card({ id: 's2', title: 'Import CSV' })],
      'Export CSV',
    );
    setup.client.handle('agent:implement', () => ({
      branch: 'puffin/PUF-s1-export-csv-2',
      worktree: '/p/.puffin/local/worktrees/puffin-PUF-s1-export-csv-2',
      verdict: 'verified',
      failing: [],
      changedFiles: ['src/csv.ts'],
      costUsd: 0.1,
      rounds: 2,
    }));
    await act(async () => fireEvent.click(within(details).getByRole('button', { name: 'Implement' })));
    expect(within(cardOf('Export CSV')).getByTestId('card-implement').textContent).toBe(
      'Verified on puffin/PUF-s1-export-csv-2',
    );
    expect(within(cardOf('Import CSV')).queryByTestId('card-implement')).toBeNull();
  });

  it('is not offered for a story without assertions: nothing could judge the work', async () => {
    const { details } = await openDetails([card({ chips: [], verdict: 'unspecified' })], 'Export CSV');
    expect(within(details).getByRole('button', { name: 'Implement' })).toHaveProperty('disabled', true);
  });
});
