// A backlog story's unsaved edits survive a reload (lib/drafts.ts) until they are saved or the editor is closed.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  corruptDraft,
  draftStored,
  OTHER_PROJECT,
  remount,
  switchProject,
} from '../../../../test/support/renderer/drafts';
import { PROJECT, story } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore, type Setup } from '../../../../test/support/renderer/setup';
import { StoryEditor } from './StoryEditor';

afterEach(cleanup);

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const values = () => [field('Title').value, field('Acceptance criteria (one per line)').value];

function open(onSave: () => Promise<boolean> = async () => true) {
  const ui = <StoryEditor story={story(1)} onSave={onSave} onClose={vi.fn()} />;
  const setup = setupStore();
  renderWith(ui, setup);
  fireEvent.change(field('Title'), { target: { value: 'Export CSV' } });
  fireEvent.change(field('Acceptance criteria (one per line)'), { target: { value: 'One\nTwo' } });
  fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'done' } });
  return { setup, reloaded: (s: Setup = setup) => remount(s, ui) };
}

async function save() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save story' })));
}

describe('the story editor draft', () => {
  it('comes back after a reload, status included', () => {
    const { reloaded } = open();
    reloaded();
    expect(values()).toEqual(['Export CSV', 'One\nTwo']);
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('done');
  });

  it('is gone once saved', async () => {
    const onSave = vi.fn(async () => true);
    const { reloaded } = open(onSave);
    await save();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ acceptanceCriteria: ['One', 'Two'] }));
    expect(draftStored('story:s1')).toBe(false);
    reloaded();
    expect(values()).toEqual(['Story 1', 'Criterion 1']);
  });

  it('is kept when saving fails', async () => {
    const { reloaded } = open(async () => false);
    await save();
    reloaded();
    expect(values()).toEqual(['Export CSV', 'One\nTwo']);
  });

  it('is dropped when the editor is closed without saving, as the edits were', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Close editor' }));
    expect(draftStored('story:s1')).toBe(false);
  });

  it('never shows in another project', () => {
    const { setup } = open();
    switchProject(setup, OTHER_PROJECT);
    expect(values()).toEqual(['Story 1', 'Criterion 1']);
    switchProject(setup, PROJECT);
    expect(values()).toEqual(['Export CSV', 'One\nTwo']);
  });

  it('ignores corrupt content in the storage', () => {
    const { reloaded } = open();
    corruptDraft('story:s1');
    reloaded();
    expect(values()).toEqual(['Story 1', 'Criterion 1']);
  });
});
