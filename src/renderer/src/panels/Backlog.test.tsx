import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Story } from '../../../shared/stories';
import { backlogPages, story } from '../../../../test/support/renderer/fakeClient';
import { stubLayout } from '../../../../test/support/renderer/layout';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { Backlog } from './Backlog';
import { ROW_HEIGHT } from './BacklogList';

stubLayout(480, 800);
afterEach(cleanup);

async function show(stories: Story[]) {
  const setup = setupStore();
  setup.client.handle('stories:page', backlogPages(stories));
  await act(async () => {
    renderWith(<Backlog />, setup);
    await setup.store.getState().loadStories();
  });
  return setup;
}

const grid = () => screen.getByRole('grid', { name: 'Backlog stories' });
const rows = () => within(grid()).queryAllByRole('row');
const titles = () => rows().map((r) => r.querySelector('.cell-title')?.textContent);

describe('Backlog', () => {
  it('renders only a bounded window of rows for 5,000 stories', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => story(i));
    const { client } = await show(many);
    // Never the whole backlog in one answer: a first screen's page, then pages of at most 1,000.
    const pages = client.callsTo('stories:page');
    // The status filter's default (archived hidden) goes with the request: the store filters, not the panel.
    expect(pages[0]).toEqual({ statuses: ['pending', 'in_progress', 'done'], limit: 200 });
    expect(pages.every((r) => r.limit !== undefined && r.limit <= 1000)).toBe(true);
    expect(pages.map((r) => r.offset ?? 0)).toEqual(expect.arrayContaining([200, 1200, 2200, 3200, 4200]));
    expect(grid().getAttribute('aria-rowcount')).toBe('5000');
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(40);
    expect(screen.getByTestId('backlog-count').textContent).toBe('5000 of 5000 stories');
    // End scrolls the last row into the window and focuses it (jsdom does not scroll: a stand-in does).
    const el = grid();
    let top = 0;
    Object.defineProperty(el, 'scrollTop', { configurable: true, get: () => top });
    Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => 5000 * ROW_HEIGHT });
    el.scrollTo = ((opts: ScrollToOptions) => {
      top = opts.top ?? top;
      el.dispatchEvent(new Event('scroll'));
    }) as typeof el.scrollTo;
    rows()[0]!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('5000'));
    expect(rows().length).toBeLessThan(40);
    expect(titles()).not.toContain('Story 0');
  });

  it('filters by status and searches title, description and criteria', async () => {
    const { client } = await show([
      story(1, { status: 'pending' }),
      story(2, { status: 'done', acceptanceCriteria: ['Exports quoted CSV'] }),
      story(3, { status: 'archived' }),
      story(4, { status: 'in_progress', description: 'csv import' }),
    ]);
    expect(titles()).toEqual(['Story 1', 'Story 2', 'Story 4']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Archived' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pending' }));
    await waitFor(() => expect(titles()).toEqual(['Story 2', 'Story 3', 'Story 4']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search stories' }), { target: { value: 'CSV' } });
    await waitFor(() => expect(titles()).toEqual(['Story 2', 'Story 4']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search stories' }), {
      target: { value: 'quoted csv' },
    });
    await waitFor(() => expect(titles()).toEqual(['Story 2']));
    expect(screen.getByTestId('backlog-count').textContent).toBe('1 of 4 stories');
    // Asked of the store, which holds the whole backlog: the panel filters nothing itself.
    expect(client.callsTo('stories:page').at(-1)).toEqual({
      statuses: ['in_progress', 'done', 'archived'],
      query: 'quoted csv',
      limit: 200,
    });
  });

  it('selects with checkboxes, shift-click ranges and select-all', async () => {
    const { store } = await show([1, 2, 3, 4, 5].map((n) => story(n)));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 4' }), { shiftKey: true });
    expect([...store.getState().selected].sort()).toEqual(['s2', 's3', 's4']);
    expect(screen.getByRole('row', { selected: true, name: /Story 3/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 3' }));
    expect([...store.getState().selected].sort()).toEqual(['s2', 's4']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    expect(store.getState().selected.size).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(store.getState().selected.size).toBe(0);
  });

  it('deletes the selection and undoes it with the returned records', async () => {
    const all = [1, 2, 3].map((n) => story(n));
    const { client } = await show(all);
    const kept = [...all];
    client.handle('stories:page', backlogPages(kept));
    client.handle('stories:delete', (req) => {
      const gone = all.filter((s) => req.ids.includes(s.id));
      kept.splice(0, kept.length, ...kept.filter((s) => !req.ids.includes(s.id)));
      return gone;
    });
    client.handle('stories:restore', (req) => {
      kept.splice(
        0,
        kept.length,
        ...all.filter((s) => kept.includes(s) || req.stories.some((r) => r.id === s.id)),
      );
      return req.stories;
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 3' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete selected' })));
    expect(client.callsTo('stories:delete')).toEqual([{ ids: ['s1', 's3'] }]);
    expect(titles()).toEqual(['Story 2']);
    expect(screen.getByRole('status').textContent).toContain('Deleted 2 stories.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Undo' })));
    expect(client.callsTo('stories:restore')).toEqual([{ stories: [all[0], all[2]] }]);
    // Shown at once, then in the backlog's order as the store answers it again.
    await waitFor(() => expect(titles()).toEqual(['Story 1', 'Story 2', 'Story 3']));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('archives the selection in one request', async () => {
    const all = [1, 2, 3].map((n) => story(n));
    const { client } = await show(all);
    client.handle('stories:setStatus', (req) => {
      all.forEach((s, i) => req.ids.includes(s.id) && (all[i] = { ...s, status: req.status }));
      return all.filter((s) => req.ids.includes(s.id));
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 3' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Archive selected' })));
    expect(client.callsTo('stories:setStatus')).toEqual([{ ids: ['s1', 's3'], status: 'archived' }]);
    expect(client.callsTo('stories:update')).toEqual([]);
    await waitFor(() => expect(titles()).toEqual(['Story 2'])); // archived are hidden by default
  });

  it('navigates with the keyboard: arrows move focus, Space selects, Enter edits, Delete deletes', async () => {
    const all = [1, 2, 3].map((n) => story(n));
    const { client, store } = await show(all);
    client.handle('stories:delete', (req) => all.filter((s) => req.ids.includes(s.id)));
    client.handle('stories:update', (req) => (all[1] = { ...all[1]!, ...req.patch }));
    const first = rows()[0]!;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Story 2');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('2');
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect([...store.getState().selected]).toEqual(['s2']);

    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    const editor = screen.getByRole('form', { name: 'Edit story Story 2' });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Renamed' },
    });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Acceptance criteria (one per line)' }), {
      target: { value: 'one\n\n two ' },
    });
    await act(async () => fireEvent.click(within(editor).getByRole('button', { name: 'Save story' })));
    expect(client.callsTo('stories:update')[0]).toEqual({
      id: 's2',
      patch: {
        title: 'Renamed',
        description: 'Description 2',
        acceptanceCriteria: ['one', 'two'],
        status: 'pending',
      },
    });
    expect(screen.queryByRole('form', { name: /Edit story/ })).toBeNull();

    const row2 = screen.getByRole('row', { name: /Renamed/ });
    row2.focus();
    await act(async () => fireEvent.keyDown(row2, { key: 'Delete' }));
    expect(client.callsTo('stories:delete')).toEqual([{ ids: ['s2'] }]);
  });

  it('follows stories:changed, applying only what changed by id', async () => {
    const backlog = [story(1), story(2), story(3)];
    const { client } = await show(backlog);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 3' }));
    const change = {
      changed: [story(2, { title: 'Renamed elsewhere' }), story(9, { title: 'From elsewhere' })],
      deleted: ['s3'],
    };
    backlog.splice(1, 2, ...change.changed); // as another face left the store
    const asked = client.callsTo('stories:page').length;
    act(() => client.emit('stories:changed', change));
    expect(titles()).toEqual(['Story 1', 'Renamed elsewhere', 'From elsewhere']);
    // Asked again too: a change can move stories in or out of what the filters keep.
    await waitFor(() => expect(client.callsTo('stories:page').length).toBeGreaterThan(asked));
    expect(titles()).toEqual(['Story 1', 'Renamed elsewhere', 'From elsewhere']);
    expect(screen.getByText('0 selected')).toBeTruthy();
  });
});
