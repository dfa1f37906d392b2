import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewDraft } from '../../../shared/stories';
import type { StoryRevision, StoryRevisions } from '../../../shared/storyRevisions';
import { generation } from '../../../../test/support/renderer/fakeClient';
import { openStoryReview, reviewDraft } from '../../../../test/support/renderer/reviewFixtures';

afterEach(cleanup);

const d = (n: number, title = `Story ${n}`, locked = false): ReviewDraft => reviewDraft(n, { title, locked });
const revision = (number: number, stories: ReviewDraft[], patch: Partial<StoryRevision> = {}) => ({
  number,
  kind: 'derived' as const,
  createdAt: '2026-11-24T04:00:00.000Z',
  generationId: `g${number}`,
  stories,
  ...patch,
});
const first = [d(1), d(2), d(3)];

const open = () => openStoryReview(first);
const button = (name: string) => screen.getByRole('button', { name });
const title = (n: number) =>
  (screen.getByRole('textbox', { name: `Story ${n} title` }) as HTMLInputElement).value;

describe('stories review revisions', () => {
  it('regenerates one story with the others kept (and their decisions), then diffs and restores revisions', async () => {
    const { client, store } = open();
    const second = [d(1, 'Story 1', true), d(2, 'Story 2 redone'), d(3)];
    let kept: StoryRevisions = {
      reviewId: 'g1',
      current: 2,
      revisions: [
        revision(1, first),
        revision(2, second, { kind: 'story_regenerated', regeneratedIndex: 1, generationId: 'g2' }),
      ],
    };
    client.handle('generation:regenerateStory', (req) =>
      generation({ id: req.id, kind: 'story-regen', parentId: 'g1', reviewId: 'g1', stories: second }),
    );
    client.handle('storyRevisions:get', () => kept);
    client.handle('storyRevisions:restore', (req) => {
      const old = kept.revisions.find((r) => r.number === req.revision)!;
      kept = {
        ...kept,
        current: 3,
        revisions: [
          ...kept.revisions,
          revision(3, old.stories, { kind: 'restored', restoredFrom: 1, generationId: old.generationId }),
        ],
      };
      return kept;
    });

    fireEvent.click(button('Accept story 1'));
    fireEvent.click(button('Reject story 3'));
    expect(button('Regenerate story: story 1')).toHaveProperty('disabled', true);
    fireEvent.click(button('Regenerate story: story 2'));
    fireEvent.change(screen.getByRole('textbox', { name: /Feedback for story 2/ }), {
      target: { value: 'Shorter' },
    });
    await act(async () => fireEvent.click(button('Regenerate this story')));

    const [req] = client.callsTo('generation:regenerateStory');
    expect(req).toMatchObject({ parentId: 'g1', index: 1, feedback: 'Shorter' });
    // Every story is sent, accepted ones locked, so the positions hold.
    expect(req!.stories!.map((s) => [s.title, s.locked])).toEqual([
      ['Story 1', true],
      ['Story 2', false],
      ['Story 3', false],
    ]);
    expect(title(2)).toBe('Story 2 redone');
    // The other stories keep their decisions.
    expect(button('Accept story 1').getAttribute('aria-pressed')).toBe('true');
    expect(button('Reject story 3').getAttribute('aria-pressed')).toBe('true');
    expect(store.getState().review?.round).toBe(2);

    await expect.poll(() => screen.queryByRole('table', { name: 'Story revisions' })).not.toBeNull();
    const rows = within(screen.getByRole('table', { name: 'Story revisions' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Revision'),
      expect.stringContaining('story 2 regenerated'),
      expect.stringContaining('derived'),
    ]);
    // The round's summary and the revisions' comparison each name what they compare with.
    expect(
      screen.getByRole('region', { name: 'Changes in round 2, from the stories you sent' }),
    ).toBeTruthy();
    expect(screen.getByText(/Each revision is the stories as they were generated/)).toBeTruthy();
    const diff = screen.getByRole('list', { name: 'Changes between the revisions' });
    expect(diff.textContent).toContain('Changed: Story 2 redone (was “Story 2”) — title');

    await act(async () => fireEvent.click(button('Restore revision 1')));
    expect(client.callsTo('storyRevisions:restore')).toEqual([{ reviewId: 'g1', revision: 1 }]);
    expect(title(2)).toBe('Story 2');
    expect(store.getState().review).toMatchObject({ round: 3, generationId: 'g1', reviewId: 'g1' });
    expect(screen.getByText('restored from 1')).toBeTruthy();
  });
});
