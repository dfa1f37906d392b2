import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Assertion } from '../../../shared/assertions';
import type { SprintDetail } from '../../../shared/plans';
import { deferred } from '../../../../test/support/renderer/fakeClient';
import { renderWith } from '../../../../test/support/renderer/setup';
import { detail, openSprintStore, revision } from '../../../../test/support/renderer/sprintFixtures';
import { SpecsPanel, NOT_DISCRIMINATING } from './SpecsPanel';
import { SprintsPanel } from './SprintsPanel';

afterEach(cleanup);

const approved = (patch: Partial<SprintDetail> = {}): SprintDetail =>
  detail({
    plan: {
      sprintId: 'sp1',
      revisions: [revision(1)],
      current: 1,
      approved: { revision: 1, at: '2025-01-03T00:00:00.000Z' },
    },
    checks: { revision: 1, graph: [], files: [] },
    ...patch,
  });

const a = (id: string, message: string): Assertion => ({
  id,
  type: 'FILE_EXISTS',
  target: 'src/s1.ts',
  message,
  assertion: {},
});

describe('Specs', () => {
  it('shows progress per story, cancels, and keeps the partial results', async () => {
    const setup = await openSprintStore(approved());
    const { client, store } = setup;
    const specs = deferred<SprintDetail>();
    client.handle('plan:specs', () => specs.promise);
    client.handle('plan:cancel', () => ({ cancelled: true }));
    renderWith(<SprintsPanel />, setup);
    void act(() => fireEvent.click(screen.getByRole('button', { name: 'Generate specs' })));
    const progress = screen.getByRole('status', { name: 'Specs progress' });
    expect(progress.getAttribute('aria-live')).toBe('polite');
    act(() =>
      client.emit('plan:progress', {
        sprintId: 'sp1',
        step: 'ris',
        storyId: 's1',
        status: 'done',
        done: 1,
        total: 2,
      }),
    );
    act(() =>
      client.emit('plan:progress', {
        sprintId: 'sp1',
        step: 'ris',
        storyId: 's2',
        status: 'running',
        done: 1,
        total: 2,
      }),
    );
    // Another sprint's progress is not shown.
    act(() =>
      client.emit('plan:progress', {
        sprintId: 'other',
        step: 'ris',
        storyId: 'x',
        status: 'failed',
        done: 0,
        total: 1,
      }),
    );
    expect(progress.textContent).toBe('RIS for Story 2: running (1 of 2)');
    const table = screen.getByRole('table', { name: 'Specs per story' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('Story 1donenot started');
    expect(within(table).getAllByRole('row')[2]!.textContent).toBe('Story 2runningnot started');
    // A sprint:changed during the run shows the RIS already written.
    act(() =>
      client.emit(
        'sprint:changed',
        approved({
          ris: [
            {
              sprintId: 'sp1',
              storyId: 's1',
              markdown: '# RIS one\n\nDo **this**.',
              sections: { context: '', objective: '', navigation: '', instructions: '', conventions: '' },
              createdAt: 'x',
            },
          ],
        }),
      ),
    );
    expect(
      screen.getByRole('document', { name: 'RIS for Story 1' }).querySelector('strong')?.textContent,
    ).toBe('this');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel specs' })));
    expect(client.callsTo('plan:cancel')).toEqual([{ sprintId: 'sp1' }]);
    expect(screen.getByRole('button', { name: 'Cancelling…' })).toBeTruthy();
    act(() =>
      client.emit('plan:progress', {
        sprintId: 'sp1',
        step: 'ris',
        storyId: 's2',
        status: 'cancelled',
        done: 1,
        total: 2,
      }),
    );
    await act(async () => {
      specs.resolve(store.getState().detail!);
      await specs.promise;
    });
    expect(screen.queryByRole('button', { name: 'Cancel specs' })).toBeNull();
    expect(progress.textContent).toBe('RIS for Story 2: cancelled (1 of 2)');
    expect(screen.getByRole('document', { name: 'RIS for Story 1' })).toBeTruthy();
  });

  it('lists assertions per story, flags non-discriminating ones, shows errors and warnings, sprint assertions and export', async () => {
    const d = approved({
      assertions: [
        {
          storyId: 's1',
          assertions: [a('A1', 'module exists'), a('A2', 'index exists')],
          notDiscriminating: ['A2'],
        },
      ],
      specErrors: [{ storyId: 's2', step: 'assertions', code: 'validation_failed', message: 'bad output' }],
      specWarnings: [
        {
          storyId: 's1',
          step: 'assertions',
          message: 'The model wrote 9 assertions; the first 8 were kept.',
        },
        {
          storyId: '',
          step: 'sprint_assertions',
          message: 'Sprint assertions for unknown story "x" were dropped.',
        },
      ],
      sprintAssertions: { s1: [a('S1', 'sprint-wide check')] },
    });
    const setup = await openSprintStore(d);
    setup.client.handle('plan:export', () => ({ path: 'docs/puffin/csv-export-sprint.md' }));
    renderWith(<SpecsPanel detail={d} />, setup);
    const list = screen.getByRole('list', { name: 'Assertions for Story 1' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('FILE_EXISTS');
    expect(items[0]!.textContent).toContain('src/s1.ts');
    expect(items[0]!.textContent).not.toContain(NOT_DISCRIMINATING);
    expect(items[1]!.textContent).toContain('already passes — cannot show the story was done');
    const s2 = screen.getByRole('region', { name: 'Specs for Story 2' });
    expect(within(s2).getByRole('alert').textContent).toContain(
      'Assertions failed (validation_failed): bad output',
    );
    expect(screen.getByRole('list', { name: 'Sprint assertions for Story 1' }).textContent).toContain(
      'sprint-wide check',
    );
    expect(screen.getByRole('list', { name: 'Warnings for Story 1' }).textContent).toBe(
      'Assertions: The model wrote 9 assertions; the first 8 were kept.',
    );
    expect(screen.getByRole('list', { name: 'Warnings for the sprint assertions' }).textContent).toContain(
      'unknown story "x" were dropped',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export' })));
    expect(setup.client.callsTo('plan:export')).toEqual([{ sprintId: 'sp1' }]);
    expect(screen.getByText('docs/puffin/csv-export-sprint.md')).toBeTruthy();
  });

  it('exports in another tool’s spec format and says the folder written', async () => {
    const setup = await openSprintStore(approved());
    setup.client.handle('spec:export', () => ({
      format: 'openspec',
      out: '.',
      files: [
        { path: 'openspec/changes/puffin-csv/proposal.md', action: 'created' },
        { path: 'openspec/changes/puffin-csv/specs/csv/spec.md', action: 'created' },
      ],
    }));
    renderWith(<SpecsPanel detail={approved()} />, setup);
    fireEvent.change(screen.getByRole('combobox', { name: 'Export as' }), { target: { value: 'openspec' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export' })));
    expect(setup.client.callsTo('spec:export')).toEqual([{ sprintId: 'sp1', format: 'openspec' }]);
    expect(setup.client.callsTo('plan:export')).toEqual([]);
    expect(screen.getByText('openspec/changes/puffin-csv')).toBeTruthy();
  });

  it('reruns only the failed steps (onlyMissing), and offers it only when a step failed', async () => {
    const failed = approved({
      specErrors: [{ storyId: 's2', step: 'assertions', code: 'api_error', message: 'overloaded' }],
    });
    const setup = await openSprintStore(failed);
    setup.client.handle('plan:specs', () => approved());
    const { unmount } = renderWith(<SpecsPanel detail={failed} />, setup);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry failed steps' })));
    expect(setup.client.callsTo('plan:specs')).toEqual([{ sprintId: 'sp1', onlyMissing: true }]);
    unmount();
    renderWith(<SpecsPanel detail={approved()} />, setup);
    expect(screen.queryByRole('button', { name: 'Retry failed steps' })).toBeNull();
  });
});
