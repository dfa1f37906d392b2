import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewDraft } from '../../../shared/stories';
import { generation, story } from '../../../../test/support/renderer/fakeClient';
import { openStoryReview, reviewDraft } from '../../../../test/support/renderer/reviewFixtures';

afterEach(cleanup);

const d = (n: number, criteria = [`C${n}a`, `C${n}b`], locked = false): ReviewDraft =>
  reviewDraft(n, { acceptanceCriteria: criteria, locked });

const open = () => openStoryReview([d(1), d(2), d(3)]);

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });

describe('StoryReview', () => {
  it('edits fields and criteria: add, remove, reorder', () => {
    open();
    fireEvent.change(box('Story 1 title'), { target: { value: 'Export CSV' } });
    fireEvent.change(box('Story 1 description'), { target: { value: 'As a user…' } });
    fireEvent.click(button('Move story 1 criterion 1 down'));
    expect(box('Story 1 criterion 1').value).toBe('C1b');
    expect(box('Story 1 criterion 2').value).toBe('C1a');
    expect(button('Move story 1 criterion 1 up')).toHaveProperty('disabled', true);
    fireEvent.click(button('Add criterion to story 1'));
    fireEvent.change(box('Story 1 criterion 3'), { target: { value: 'Handles quotes' } });
    fireEvent.click(button('Remove story 1 criterion 1'));
    const list = screen.getByRole('list', { name: 'Story 1 acceptance criteria' });
    expect(
      within(list)
        .getAllByRole('textbox')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['C1a', 'Handles quotes']);
    expect(box('Story 1 title').value).toBe('Export CSV');
  });

  it('moves the focus to the criterion "+ Add criterion" made, so typing fills it', () => {
    open();
    const add = button('Add criterion to story 1');
    add.focus();
    fireEvent.click(add);
    expect(document.activeElement).toBe(box('Story 1 criterion 3'));
    expect(screen.getAllByRole('textbox', { name: /^Story 1 criterion/ })).toHaveLength(3);
  });

  it('locks accepted stories and sends drafts with locked flags when requesting changes', async () => {
    const { client, store } = open();
    let sent: ReviewDraft[] = [];
    client.handle('generation:modify', (req) => {
      sent = req.stories;
      return generation({
        id: req.id,
        kind: 'modify',
        parentId: req.parentId,
        stories: [d(1, ['C1a', 'C1b'], true), d(3, ['C3a', 'new one']), d(4)],
      });
    });
    fireEvent.click(button('Accept story 1'));
    expect(button('Accept story 1').getAttribute('aria-pressed')).toBe('true');
    expect(box('Story 1 title').matches(':disabled')).toBe(true);
    expect(box('Story 2 title').matches(':disabled')).toBe(false);
    fireEvent.click(button('Reject story 2'));
    fireEvent.change(box('Story 3 title'), { target: { value: 'Story 3' } });
    expect(button('Request changes')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Feedback' }), {
      target: { value: 'Add an import story' },
    });
    await act(async () => fireEvent.click(button('Request changes')));

    const [req] = client.callsTo('generation:modify');
    expect(req).toMatchObject({ parentId: 'g1', feedback: 'Add an import story' });
    expect(sent.map((s) => [s.title, s.locked])).toEqual([
      ['Story 1', true],
      ['Story 3', false],
    ]);
    // The new round: the locked story stays accepted, the diff says what changed.
    expect(store.getState().review?.round).toBe(2);
    expect(button('Accept story 1').getAttribute('aria-pressed')).toBe('true');
    const changes = screen.getByRole('list', { name: 'Changes since the previous round' });
    expect(changes.textContent).toContain('Added: Story 4');
    expect(changes.textContent).toContain('Changed: Story 3');
    expect(changes.textContent).toContain('+ new one');
    expect(changes.textContent).toContain('− C3b');
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveProperty('value', '');
  });

  it('adds the accepted drafts to the backlog with the generation id', async () => {
    const { client, store } = open();
    client.handle('stories:accept', (req) => req.drafts.map((dr, i) => story(100 + i, dr)));
    expect(button('Add accepted to backlog')).toHaveProperty('disabled', true);
    fireEvent.click(button('Accept story 2'));
    fireEvent.click(button('Add criterion to story 3'));
    fireEvent.click(button('Accept story 3'));
    await act(async () => fireEvent.click(button('Add accepted to backlog')));
    const [req] = client.callsTo('stories:accept');
    expect(req?.generationId).toBe('g1');
    // The empty criterion added to story 3 is dropped.
    expect(req?.drafts).toEqual([
      { title: 'Story 2', description: 'D2', acceptanceCriteria: ['C2a', 'C2b'] },
      { title: 'Story 3', description: 'D3', acceptanceCriteria: ['C3a', 'C3b'] },
    ]);
    expect(store.getState().stories.map((s) => s.title)).toEqual(['Story 2', 'Story 3']);
    expect(store.getState().review?.items.map((i) => i.draft.title)).toEqual(['Story 1']);
    expect(store.getState().notice?.message).toBe('Added 2 stories to the backlog.');
  });

  it('blocks a modify round when a story has no title', async () => {
    const { client, store } = open();
    client.handle('generation:modify', () => generation());
    fireEvent.change(box('Story 2 title'), { target: { value: '  ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Feedback' }), { target: { value: 'x' } });
    await act(async () => fireEvent.click(button('Request changes')));
    expect(client.callsTo('generation:modify')).toHaveLength(0);
    expect(store.getState().genError?.message).toBe('Story 2 needs a title.');
  });
});
