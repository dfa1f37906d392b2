import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoryAssertionsView } from '../../../shared/assertions';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { AssertionsPanel } from './AssertionsPanel';

afterEach(cleanup);

function view(patch: Partial<StoryAssertionsView> = {}): StoryAssertionsView {
  return {
    storyId: 's1',
    storyTitle: 'Export to CSV',
    assertions: [
      {
        id: 'a1',
        type: 'FILE_EXISTS',
        target: 'src/export.ts',
        message: 'export module exists',
        assertion: {},
      },
      {
        id: 'a2',
        type: 'PATTERN_MATCH',
        target: 'src/export.ts',
        message: 'writes a header row',
        assertion: { pattern: 'header' },
      },
    ],
    latest: {
      a1: { assertionId: 'a1', status: 'pass', reason: 'file exists', durationMs: 1 },
      a2: {
        assertionId: 'a2',
        status: 'fail',
        reason: 'pattern not found',
        durationMs: 1,
        location: { file: 'src/export.ts', line: 3, column: 1 },
      },
    },
    firstPassed: { a1: { at: '2025-01-01T00:00:00.000Z', commit: 'abcdef1234567' } },
    lastRun: {
      startedAt: '2025-01-01T00:00:00.000Z',
      commit: null,
      summary: { total: 2, passed: 1, failed: 1, errors: 0 },
    },
    coverage: {
      criteria: [
        { index: 0, text: 'exports a file', assertionIds: ['a1'] },
        { index: 1, text: 'includes headers', assertionIds: [] },
      ],
      uncovered: [1],
      unlinked: ['a2'],
    },
    problem: null,
    ...patch,
  };
}

async function show() {
  const setup = setupStore();
  setup.client.handle('assertions:list', () => [view()]);
  setup.client.handle('sprints:list', () => []);
  await act(async () => {
    renderWith(<AssertionsPanel />, setup);
  });
  return setup;
}

describe('AssertionsPanel', () => {
  it('shows each story with results, first passes and the uncovered criteria', async () => {
    await show();
    const story = screen.getByRole('region', { name: 'Assertions of Export to CSV' });
    expect(within(story).getByText('1/2 passed', { exact: false })).toBeTruthy();
    expect(within(story).getByRole('listitem', { name: /a2: writes a header row/ }).textContent).toContain(
      'fail',
    );
    expect(within(story).getByText(/first passed .* at abcdef12/)).toBeTruthy();
    expect(within(story).getByText(/includes headers — no assertion/)).toBeTruthy();
  });

  it('filters to failing assertions', async () => {
    await show();
    fireEvent.click(screen.getByLabelText('Failing only'));
    const story = screen.getByRole('region', { name: 'Assertions of Export to CSV' });
    expect(within(story).queryByRole('listitem', { name: /a1:/ })).toBeNull();
    expect(within(story).getByRole('listitem', { name: /a2:/ })).toBeTruthy();
  });

  it('runs one assertion and all of a story, replacing the view with the answer', async () => {
    const setup = await show();
    const fixed = view({
      latest: { ...view().latest, a2: { assertionId: 'a2', status: 'pass', reason: 'found', durationMs: 1 } },
    });
    setup.client.handle('assertions:run', () => fixed);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run a2' }));
    });
    expect(setup.client.callsTo('assertions:run')).toEqual([{ storyId: 's1', assertionIds: ['a2'] }]);
    expect(screen.getByRole('listitem', { name: /a2:/ }).textContent).toContain('pass');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run all' }));
    });
    expect(setup.client.callsTo('assertions:run')[1]).toEqual({ storyId: 's1' });
  });

  it('opens a result location, and shows the path where the host cannot open files', async () => {
    const setup = await show();
    setup.client.handle('assertions:openLocation', ({ file }) => ({
      opened: false,
      path: `/tmp/demo/${file}`,
    }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'src/export.ts:3' }));
    });
    expect(setup.client.callsTo('assertions:openLocation')).toEqual([{ file: 'src/export.ts', line: 3 }]);
    expect(setup.store.getState().notice?.message).toBe('File: /tmp/demo/src/export.ts:3');
  });

  it('shows an unreadable set as an alert and disables running it', async () => {
    const setup = setupStore();
    setup.client.handle('assertions:list', () => [view({ problem: 'invalid JSON', assertions: [] })]);
    setup.client.handle('sprints:list', () => []);
    await act(async () => {
      renderWith(<AssertionsPanel />, setup);
    });
    expect(screen.getByRole('alert').textContent).toBe('invalid JSON');
    expect((screen.getByRole('button', { name: 'Run all' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('scopes the panel and "run all" to one sprint', async () => {
    const setup = setupStore();
    setup.client.handle('assertions:list', () => [view(), view({ storyId: 's2', storyTitle: 'Import CSV' })]);
    setup.client.handle('sprints:list', () => [
      {
        id: 'sp1',
        title: 'Import sprint',
        storyIds: ['s2'],
        status: 'open',
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
      },
    ]);
    setup.client.handle('assertions:run', ({ storyId }) => view({ storyId, storyTitle: 'Import CSV' }));
    await act(async () => {
      renderWith(<AssertionsPanel />, setup);
    });
    expect(screen.getAllByRole('region', { name: /^Assertions of / })).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Sprint'), { target: { value: 'sp1' } });
    expect(
      screen.getAllByRole('region', { name: /^Assertions of / }).map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Assertions of Import CSV']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run all in sprint' }));
    });
    expect(setup.client.callsTo('assertions:run')).toEqual([{ storyId: 's2' }]);
  });
});
