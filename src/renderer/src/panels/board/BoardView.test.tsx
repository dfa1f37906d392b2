import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BOARD_COLUMNS, type BoardData, type BoardStory } from '../../../../shared/board';
import { stubLayout } from '../../../../../test/support/renderer/layout';
import { BoardView } from './BoardView';

stubLayout(520, 240);
afterEach(cleanup);

function story(i: number, over: Partial<BoardStory> = {}): BoardStory {
  return {
    id: `s${i}`,
    title: `Story ${i}`,
    column: BOARD_COLUMNS[i % BOARD_COLUMNS.length]!,
    verdict: 'unspecified',
    sprintId: null,
    chips: [],
    files: null,
    costUsd: null,
    ...over,
  };
}

function data(stories: BoardStory[]): BoardData {
  return {
    stories,
    sprints: [
      {
        id: 'sp',
        title: 'Sprint one',
        baseCommit: 'f'.repeat(40),
        callsUsd: 1,
        budgetUsd: null,
        costPerVerifiedUsd: 0.5,
      },
    ],
    commit: 'a'.repeat(40),
    costPerVerifiedUsd: 0.25,
  };
}

const column = (c: string) => screen.getByTestId(`board-column-${c}`);
const cards = (c: string) => within(column(c)).queryAllByRole('listitem', { name: /Story/ });

describe('BoardView', () => {
  it('renders a bounded window of cards per column for 5,000 stories', () => {
    render(<BoardView data={data(Array.from({ length: 5000 }, (_, i) => story(i)))} />);
    for (const c of BOARD_COLUMNS) {
      expect(within(column(c)).getByRole('heading').textContent).toContain('1000');
      expect(cards(c).length).toBeGreaterThan(3);
      expect(cards(c).length).toBeLessThan(20);
    }
  });

  it('flags regressed stories, shows chips and the cost per verified story', () => {
    render(
      <BoardView
        data={data([
          story(3, {
            column: 'specified',
            verdict: 'regressed',
            chips: [
              { id: 'a1', message: 'exports load', status: 'fail' },
              { id: 'a2', message: '', status: 'pass' },
            ],
          }),
          story(4, { column: 'verified', verdict: 'verified' }),
        ])}
      />,
    );
    expect(screen.getByTestId('board-summary').textContent).toBe(
      `2 stories · 1 verified · 1 regressed · $0.25 per verified story · at ${'a'.repeat(12)}`,
    );
    const card = screen.getByRole('listitem', { name: 'Story 3, Regressed' });
    expect(card.className).toContain('regressed');
    expect(within(card).getByRole('listitem', { name: 'a1 fails' })).toBeTruthy();
    expect(within(card).getByRole('listitem', { name: 'a2 passes' })).toBeTruthy();
  });

  it('moves between columns and cards with the keyboard and opens details with planned vs changed files', async () => {
    render(
      <BoardView
        data={data([
          story(0, { column: 'backlog' }),
          story(1, { column: 'backlog' }),
          story(2, {
            column: 'planned',
            sprintId: 'sp',
            files: {
              touched: ['src/app.ts'],
              plannedUntouched: ['src/new.ts'],
              touchedUnplanned: ['package.json'],
            },
          }),
        ])}
      />,
    );
    const first = screen.getByRole('listitem', { name: 'Story 0, No assertions' });
    expect(first.tabIndex).toBe(0);
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.id).toBe('board-card-s1'));
    // In sprint is empty: ArrowRight goes on to Planned.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement?.id).toBe('board-card-s2'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    const details = screen.getByRole('complementary', { name: 'Details of Story 2' });
    expect(within(details).getByTestId('files-touched').textContent).toContain('src/app.ts');
    expect(within(details).getByTestId('files-untouched').textContent).toContain('src/new.ts');
    expect(within(details).getByTestId('files-unplanned').textContent).toContain('package.json');
    expect(details.textContent).toContain('sprint Sprint one');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('complementary')).toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    await waitFor(() => expect(document.activeElement?.id).toBe('board-card-s1'));
  });
});
