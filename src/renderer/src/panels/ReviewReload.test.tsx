// Review work survives a reload: edits and decisions are saved as they change and come back in a
// new app over the same project; a generation that finished after the tab closed opens into review from History.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { generation } from '../../../../test/support/renderer/fakeClient';
import { pendingReview, reviewDraft } from '../../../../test/support/renderer/reviewFixtures';
import { reload, renderWith, setupStore, type Setup } from '../../../../test/support/renderer/setup';
import { HistoryPanel } from './HistoryPanel';
import { StoryReview } from './StoryReview';

afterEach(cleanup);

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

/** Waits for what the store is doing with the review: the restore after a project opened, the saves asked for. */
async function settle(setup: Setup): Promise<void> {
  await act(async () => {
    await setup.store.getState().reviewSettled();
  });
}

describe('the open review across a reload', () => {
  it('restores edits and decisions in a new app over the same project', async () => {
    const first = setupStore();
    first.client.handle('storyRevisions:get', () => null);
    first.store.setState({ review: pendingReview([reviewDraft(1), reviewDraft(2)]) });
    renderWith(<StoryReview />, first);
    fireEvent.change(box('Story 1 title'), { target: { value: 'Export CSV (edited)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject story 2' }));
    await settle(first);
    expect(
      first.client
        .callsTo('review:save')
        .at(-1)
        ?.review.items.map((i) => i.decision),
    ).toEqual(['pending', 'rejected']);
    cleanup();

    const second = reload(first);
    await settle(second);
    renderWith(<StoryReview />, second);
    expect(box('Story 1 title').value).toBe('Export CSV (edited)');
    expect(second.store.getState().review?.items.map((i) => i.decision)).toEqual(['pending', 'rejected']);
  });

  it('keeps unsent feedback across a reload, and forgets it once the changes are requested', async () => {
    const first = setupStore();
    first.client.handle('storyRevisions:get', () => null);
    first.store.setState({ review: pendingReview([reviewDraft(1)]) });
    renderWith(<StoryReview />, first);
    fireEvent.change(screen.getByRole('textbox', { name: 'Feedback' }), {
      target: { value: 'Split story 1' },
    });
    await settle(first);
    cleanup();

    const second = reload(first);
    await settle(second);
    renderWith(<StoryReview />, second);
    expect((screen.getByRole('textbox', { name: 'Feedback' }) as HTMLTextAreaElement).value).toBe(
      'Split story 1',
    );
    second.client.handle('generation:modify', (req) =>
      generation({ id: req.id, kind: 'modify', stories: [reviewDraft(1), reviewDraft(2)] }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    });
    expect(second.client.callsTo('generation:modify')[0]?.feedback).toBe('Split story 1');
    cleanup();

    const third = reload(second);
    await settle(third);
    renderWith(<StoryReview />, third);
    expect((screen.getByRole('textbox', { name: 'Feedback' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('forgets the review once it is dismissed', async () => {
    const setup = setupStore();
    setup.store.setState({
      review: { generationId: 'g1', reviewId: null, round: 1, partial: false, diff: null, items: [] },
    });
    setup.store.getState().dismissReview();
    await settle(setup);
    expect(setup.client.callsTo('review:close')).toHaveLength(1);
    expect(await setup.client.call('review:get', {})).toBeNull();
  });

  it('opens a generation that finished after the tab closed into review from History', async () => {
    const setup = setupStore();
    setup.client.handle('history:list', () => [
      generation({
        id: 'g9',
        reviewId: 'g9',
        status: 'succeeded',
        stories: [reviewDraft(7), reviewDraft(8)],
      }),
      generation({ id: 'g8', kind: 'prompt', status: 'succeeded' }),
    ]);
    setup.client.handle('storyRevisions:get', () => null);
    await act(async () => {
      renderWith(<HistoryPanel />, setup);
      await setup.store.getState().loadHistory();
    });
    const buttons = screen.getAllByRole('button', { name: 'Open in review' });
    expect(buttons).toHaveLength(1); // the plain prompt has no stories to review
    fireEvent.click(buttons[0]!);
    await settle(setup);
    const { review, view } = setup.store.getState();
    expect(view).toBe('prompt');
    expect(review?.items.map((i) => i.draft.title)).toEqual(['Story 7', 'Story 8']);
    expect(setup.client.callsTo('review:save').at(-1)?.review.generationId).toBe('g9');
  });
});
