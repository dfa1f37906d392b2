import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanRevision, SprintDetail } from '../../../shared/plans';
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

function withRevisions(revisions: PlanRevision[], current = revisions.length): SprintDetail {
  return detail({
    plan: { sprintId: 'sp1', revisions, current },
    checks: { revision: current, graph: [], files: [] },
  });
}

const r1 = revision(1);
const r2 = revision(
  2,
  plan([
    planItem('s1', 1, { complexity: 'high' }),
    planItem('s2', 2, { dependencies: ['s1'], notes: 'Stream' }),
  ]),
  {
    changelog: ['Story 1 is harder than thought', 'Story 2 streams rows'],
    followUpQuestions: [{ storyId: 's2', question: 'Max file size?', reason: 'Memory' }],
    feedback: 'Stream the rows',
  },
);

describe('Revisions', () => {
  it('refines the plan: a new revision with its changelog, follow-ups and the diff', async () => {
    const setup = await openSprintStore(withRevisions([r1]));
    const { client } = setup;
    client.handle('plan:refine', () => withRevisions([r1, r2]));
    renderWith(<SprintsPanel />, setup);
    expect(screen.queryByRole('combobox', { name: 'Compare revision' })).toBeNull();
    const refine = screen.getByRole('button', { name: 'Refine plan' }) as HTMLButtonElement;
    expect(refine.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Feedback on the plan' }), {
      target: { value: 'Stream the rows' },
    });
    await act(async () => fireEvent.click(refine));
    expect(client.callsTo('plan:refine')).toEqual([{ sprintId: 'sp1', feedback: 'Stream the rows' }]);
    expect((screen.getByRole('textbox', { name: 'Feedback on the plan' }) as HTMLTextAreaElement).value).toBe(
      '',
    );
    expect(screen.getByRole('heading', { level: 2, name: /revision 2 \(refined\)/ })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Changelog of revision 2' }).textContent).toContain(
      'Story 2 streams rows',
    );
    expect(screen.getByRole('list', { name: 'Follow-up questions' }).textContent).toContain('Max file size?');
    const rows = within(screen.getByRole('table', { name: 'Plan revisions' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const diff = screen.getByRole('region', { name: 'Changes from revision 1 to revision 2' });
    expect(diff.textContent).toContain('Changed item: Story 1');
    expect(diff.textContent).toContain('complexity: medium → high');
    expect(diff.textContent).toContain('notes: (empty) → Stream');
  });

  it('diffs any two revisions picked in the selects', async () => {
    const r3 = revision(3, plan([planItem('s1', 1)]), { kind: 'item_regenerated', regeneratedStoryId: 's1' });
    const setup = await openSprintStore(withRevisions([r1, r2, r3]));
    renderWith(<SprintsPanel />, setup);
    expect(
      screen.getByRole('region', { name: 'Changes from revision 2 to revision 3' }).textContent,
    ).toContain('Removed item: Story 2');
    fireEvent.change(screen.getByRole('combobox', { name: 'Compare revision' }), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'with revision' }), { target: { value: '2' } });
    expect(screen.getByRole('region', { name: 'Changes from revision 1 to revision 2' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'with revision' }), { target: { value: '1' } });
    expect(
      screen.getByRole('region', { name: 'Changes from revision 1 to revision 1' }).textContent,
    ).toContain('identical');
    expect(screen.getByText('item regenerated: Story 1')).toBeTruthy();
  });

  it('names stories by title in the heading and the changelog, never by kind enum or UUID', async () => {
    const id = '6960112a-4b1c-4d2e-9f00-123456789abc';
    const gone = '0badc0de-1111-4222-8333-444455556666';
    const base = detail();
    const withStory: SprintDetail = {
      ...base,
      sprint: { ...base.sprint, storyIds: [...base.sprint.storyIds, id] },
      stories: [...base.stories, { ...base.stories[0]!, id, title: 'Share a link' }],
    };
    const r3 = revision(3, plan(), {
      kind: 'item_regenerated',
      regeneratedStoryId: id,
      changelog: [`Regenerated the plan item of story ${id}.`, `Dropped story ${gone}.`],
    });
    const setup = await openSprintStore({
      ...withStory,
      plan: { sprintId: 'sp1', revisions: [r1, r2, r3], current: 3 },
      checks: { revision: 3, graph: [], files: [] },
    });
    renderWith(<SprintsPanel />, setup);
    const heading = screen.getByRole('heading', { level: 2, name: /revision 3/ });
    expect(heading.textContent).toContain('revision 3 (item regenerated: Share a link)');
    const log = screen.getByRole('list', { name: 'Changelog of revision 3' }).textContent ?? '';
    expect(log).toContain('Regenerated the plan item of “Share a link”.');
    expect(log).toContain('Dropped story 0badc0de.');
    expect(document.body.textContent).not.toMatch(/item_regenerated|[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('restores an older revision with plan:restore', async () => {
    const setup = await openSprintStore(withRevisions([r1, r2]));
    const { client } = setup;
    const r3 = revision(3, r1.plan, { kind: 'restored', restoredFrom: 1 });
    client.handle('plan:restore', () => withRevisions([r1, r2, r3]));
    renderWith(<SprintsPanel />, setup);
    expect(screen.queryByRole('button', { name: 'Restore revision 2' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restore revision 1' })));
    expect(client.callsTo('plan:restore')).toEqual([{ sprintId: 'sp1', revision: 1 }]);
    expect(screen.getByRole('heading', { level: 2, name: /revision 3 \(restored from 1\)/ })).toBeTruthy();
    expect(screen.getAllByText(/restored from 1/).length).toBeGreaterThan(0);
  });
});
