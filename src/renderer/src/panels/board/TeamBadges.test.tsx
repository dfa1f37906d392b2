import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BoardData } from '../../../../shared/board';
import type { OverlapReport, RecordConflicts } from '../../../../shared/team';
import { stubLayout } from '../../../../../test/support/renderer/layout';
import { renderWith, setupStore } from '../../../../../test/support/renderer/setup';
import { BoardPanel } from './BoardPanel';

stubLayout(520, 240);
afterEach(cleanup);

const board: BoardData = {
  stories: [
    {
      id: 's1',
      title: 'Export CSV',
      column: 'in_sprint',
      verdict: 'failing',
      sprintId: 'sp1',
      chips: [],
      files: null,
      costUsd: null,
    },
  ],
  sprints: [],
  commit: null,
  costPerVerifiedUsd: null,
};
const overlap: OverlapReport = {
  branches: ['feature/a', 'feature/b'],
  overlaps: [
    {
      branches: ['feature/a', 'feature/b'],
      sprints: [[{ branch: 'feature/a', sprintId: 'sp1', title: 'Exports', storyIds: ['s1'] }], []],
      files: [{ path: 'src/csv.ts', how: [['planned'], ['changed']] }],
    },
  ],
  junit: null,
  strict: false,
  warnings: [],
};
const conflict: RecordConflicts = {
  key: 'stories__s1',
  file: 'stories/s1.json',
  storyId: 's1',
  sprintId: null,
  revisions: [
    {
      id: 'r1',
      conflicting: true,
      at: '2026-01-01T00:00:00.000Z',
      fields: [{ field: 'title', ancestor: 'CSV', current: 'Export CSV', other: 'CSV export' }],
    },
  ],
};

async function show(withTeam: boolean) {
  const setup = setupStore();
  setup.client.handle('board:get', () => board);
  setup.client.handle('team:overlap', () => (withTeam ? overlap : { ...overlap, overlaps: [] }));
  setup.client.handle('conflicts:list', () => ({ conflicts: withTeam ? [conflict] : [] }));
  await act(async () => {
    renderWith(<BoardPanel />, setup);
  });
  return setup;
}

describe('the board for a team', () => {
  it('shows an overlap badge naming the branches and files, and a story’s merge conflict in its details', async () => {
    await show(true);
    const badge = await screen.findByRole('group', { name: 'Overlapping work on other branches' });
    expect(badge.textContent).toContain('Overlap: 1 pair of branches');
    expect(badge.textContent).toContain('feature/a and feature/b both touch src/csv.ts');
    const card = await screen.findByRole('listitem', { name: 'Export CSV, Failing' });
    fireEvent.doubleClick(card);
    const details = screen.getByRole('complementary', { name: 'Details of Export CSV' });
    const conflicts = within(details).getByRole('group', { name: 'Merge conflicts' });
    expect(conflicts.textContent).toContain('title: kept “Export CSV”, the other branch had “CSV export”');
    expect(details.textContent).toContain('Planned on overlapping branches: feature/a and feature/b');
  });

  it('shows no badge when nothing overlaps and nothing conflicts', async () => {
    const { client } = await show(false);
    await screen.findByRole('listitem', { name: 'Export CSV, Failing' });
    expect(client.callsTo('team:overlap')).toEqual([{}]);
    expect(screen.queryByRole('group', { name: 'Overlapping work on other branches' })).toBeNull();
  });
});
