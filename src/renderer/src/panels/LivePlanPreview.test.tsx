import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SprintDetail } from '../../../shared/plans';
import { deferred } from '../../../../test/support/renderer/fakeClient';
import { listed, renderWith } from '../../../../test/support/renderer/setup';
import {
  detail,
  openSprintStore,
  planItem,
  revision,
} from '../../../../test/support/renderer/sprintFixtures';
import { SprintsPanel } from './SprintsPanel';

afterEach(cleanup);

const question = (storyId: string, text: string) => ({
  storyId,
  question: text,
  reason: 'It changes the design',
  suggestions: ['Yes', 'No'],
  priority: 'high' as const,
});

describe('Plan items and questions appear live', () => {
  it('shows each question and plan item as it closes, and clears when the step ends', async () => {
    const setup = await openSprintStore(detail());
    const { client, store } = setup;
    const analyze = deferred<SprintDetail>();
    client.handle('plan:analyze', () => analyze.promise);
    renderWith(<SprintsPanel />, setup);
    let done!: Promise<unknown>;
    act(() => {
      done = store.getState().analyzeSprint();
    });
    expect(screen.queryByRole('region', { name: 'Live preview' })).toBeNull();

    act(() =>
      client.emit('plan:preview', {
        sprintId: 'sp1',
        planItems: [],
        questions: [question('s1', 'CSV or TSV?')],
      }),
    );
    expect(listed('Questions so far')).toEqual(['CSV or TSV? (Story 1)']);
    // Another sprint's preview is not this one's.
    act(() =>
      client.emit('plan:preview', { sprintId: 'sp2', planItems: [planItem('s9', 1)], questions: [] }),
    );
    expect(screen.queryByRole('list', { name: 'Plan items so far' })).toBeNull();
    act(() =>
      client.emit('plan:preview', {
        sprintId: 'sp1',
        planItems: [planItem('s1', 1), planItem('s2', 2)],
        questions: [question('s1', 'CSV or TSV?')],
      }),
    );
    expect(listed('Plan items so far')).toEqual(['Item s1 (Story 1)', 'Item s2 (Story 2)']);

    const withPlan = detail({
      plan: { sprintId: 'sp1', revisions: [revision(1)], current: 1 },
      checks: { revision: 1, graph: [], files: [] },
    });
    await act(async () => {
      analyze.resolve(withPlan);
      await done;
    });
    expect(screen.queryByRole('region', { name: 'Live preview' })).toBeNull();
    expect(store.getState().planPreview).toBeNull();
  });
});
