import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanChecks, SprintDetail } from '../../../shared/plans';
import { renderWith } from '../../../../test/support/renderer/setup';
import {
  detail,
  openSprintStore,
  plan,
  planItem,
  revision,
} from '../../../../test/support/renderer/sprintFixtures';
import { SprintsPanel } from './SprintsPanel';

afterEach(cleanup);

function withPlan(checks: Omit<PlanChecks, 'revision'>, p = plan()): SprintDetail {
  return detail({
    plan: { sprintId: 'sp1', revisions: [revision(1, p)], current: 1 },
    checks: { revision: 1, ...checks },
  });
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Plan review', () => {
  it('renders ordered items with approach, files, dependencies, complexity, extras', async () => {
    const setup = await openSprintStore(withPlan({ graph: [], files: [] }));
    renderWith(<SprintsPanel />, setup);
    const items = within(screen.getByRole('list', { name: 'Plan items' })).getAllByRole('article');
    expect(items.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Plan item 1: Story 1',
      'Plan item 2: Story 2',
    ]);
    const second = items[1]!;
    expect(within(second).getByText('Approach for s2')).toBeTruthy();
    expect(within(second).getByText('medium complexity')).toBeTruthy();
    expect(
      within(within(second).getByRole('list', { name: 'Files created' })).getByText('src/s2.ts'),
    ).toBeTruthy();
    expect(within(second).getByText('Story 1', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Shared components' }).textContent).toContain('src/csv.ts');
    expect(screen.getByRole('list', { name: 'Risks' }).textContent).toContain('Stream rows');
    expect(screen.getByRole('list', { name: 'Implementation order' }).textContent).toBe('Story 1Story 2');
    expect(screen.getByText('No dependency issues.')).toBeTruthy();
    expect(screen.getByText(/A valid build order:/).closest('p')?.textContent).toContain('Story 1 → Story 2');
    expect(button('Approve plan').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Approve anyway (file mismatches)' })).toBeNull();
  });

  it('shows what the model read to write the revision, and flags a guessed file to modify', async () => {
    const grounding = {
      filesRead: ['src/s1.ts'],
      searches: [],
      refused: [{ tool: 'Read', target: '.env', message: 'denied' }],
      violations: [],
      toolTurns: 1,
      toolCalls: 2,
    };
    const guessed = {
      kind: 'unseen_missing' as const,
      storyId: 's1',
      path: 'src/helpers.ts',
      message:
        '"src/helpers.ts" is to be modified by story s1, but it does not exist and the model never read it.',
    };
    const p = plan([planItem('s1', 1, { filesModified: ['src/helpers.ts'] }), planItem('s2', 2)]);
    const setup = await openSprintStore(
      detail({
        plan: { sprintId: 'sp1', revisions: [revision(1, p, { grounding })], current: 1 },
        checks: { revision: 1, graph: [], files: [guessed] },
      }),
    );
    renderWith(<SprintsPanel />, setup);
    const read = screen.getByText('read 1 file').closest('details')!;
    expect(read.querySelector('summary')?.textContent).toBe('read 1 file (1 turn, 1 refused)');
    expect(within(read).getByRole('list', { name: 'Files read' }).textContent).toBe('src/s1.ts');
    const first = within(screen.getByRole('list', { name: 'Plan items' })).getAllByRole('article')[0]!;
    const modified = within(first).getByRole('list', { name: 'Files modified' });
    expect(modified.textContent).toContain('src/helpers.ts ⚠ guessed: never read and does not exist');
  });

  it('flags graph issues on the items and the dependency view, and disables approve', async () => {
    const cyclic = plan([
      planItem('s1', 1, { dependencies: ['s2'] }),
      planItem('s2', 2, { dependencies: ['s1'] }),
    ]);
    const setup = await openSprintStore(
      withPlan(
        {
          graph: [{ kind: 'cycle', storyIds: ['s1', 's2'], message: 's1 → s2 → s1' }],
          files: [
            { kind: 'modified_missing', storyId: 's1', path: 'src/index.ts', message: 'not in the project' },
          ],
        },
        cyclic,
      ),
    );
    renderWith(<SprintsPanel />, setup);
    const issues = screen.getByRole('list', { name: 'Dependency issues' });
    expect(issues.textContent).toContain('Cycle: s1 → s2 → s1');
    expect(screen.getByRole('list', { name: 'Dependency issues of Story 1' })).toBeTruthy();
    expect(screen.getByText(/No valid build order/)).toBeTruthy();
    expect(button('Approve plan').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Approve anyway (file mismatches)' })).toBeNull();
    expect(screen.getByText(/1 dependency issue must be fixed/)).toBeTruthy();
  });

  it('shows file mismatches inline and needs an explicit approve-anyway', async () => {
    const setup = await openSprintStore(
      withPlan({
        graph: [],
        files: [
          {
            kind: 'modified_missing',
            storyId: 's1',
            path: 'src/index.ts',
            message: 'src/index.ts does not exist',
          },
          { kind: 'created_exists', storyId: 's2', path: 'src/s2.ts', message: 'src/s2.ts already exists' },
        ],
      }),
    );
    const { client } = setup;
    client.handle('plan:approve', () => ({
      ...withPlan({ graph: [], files: [] }),
      plan: {
        sprintId: 'sp1',
        revisions: [revision(1)],
        current: 1,
        approved: { revision: 1, at: '2025-01-03T00:00:00.000Z' },
      },
    }));
    renderWith(<SprintsPanel />, setup);
    const first = screen.getByRole('article', { name: 'Plan item 1: Story 1' });
    const modified = within(first).getByRole('list', { name: 'Files modified' });
    expect(modified.textContent).toContain('does not exist');
    const second = screen.getByRole('article', { name: 'Plan item 2: Story 2' });
    expect(within(second).getByRole('list', { name: 'Files created' }).textContent).toContain(
      'already exists',
    );
    expect(within(second).getByRole('list', { name: 'Files modified' }).textContent).not.toContain('⚠');
    expect(button('Approve plan').disabled).toBe(true);
    await act(async () => fireEvent.click(button('Approve anyway (file mismatches)')));
    expect(client.callsTo('plan:approve')).toEqual([{ sprintId: 'sp1', acceptFileMismatches: true }]);
    expect(screen.getByText(/Approved: revision 1/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate specs' })).toBeTruthy();
  });

  it('approves a clean plan without the mismatch flag', async () => {
    const setup = await openSprintStore(withPlan({ graph: [], files: [] }));
    setup.client.handle('plan:approve', () => withPlan({ graph: [], files: [] }));
    renderWith(<SprintsPanel />, setup);
    await act(async () => fireEvent.click(button('Approve plan')));
    expect(setup.client.callsTo('plan:approve')).toEqual([{ sprintId: 'sp1' }]);
  });

  it('regenerates one item with optional feedback', async () => {
    const setup = await openSprintStore(withPlan({ graph: [], files: [] }));
    const { client } = setup;
    client.handle('plan:regenerateItem', () => withPlan({ graph: [], files: [] }));
    renderWith(<SprintsPanel />, setup);
    fireEvent.click(button('Regenerate item: Story 2'));
    const item = screen.getByRole('article', { name: 'Plan item 2: Story 2' });
    fireEvent.change(within(item).getByRole('textbox', { name: /Feedback for Story 2/ }), {
      target: { value: 'Use streams' },
    });
    await act(async () =>
      fireEvent.click(within(item).getByRole('button', { name: 'Regenerate this item' })),
    );
    expect(client.callsTo('plan:regenerateItem')).toEqual([
      { sprintId: 'sp1', storyId: 's2', feedback: 'Use streams' },
    ]);
    fireEvent.click(button('Regenerate item: Story 1'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Regenerate this item' })));
    expect(client.callsTo('plan:regenerateItem')[1]).toEqual({ sprintId: 'sp1', storyId: 's1' });
  });
});
