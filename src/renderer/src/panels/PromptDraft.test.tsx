// The prompt typed and not yet generated from survives a reload (lib/drafts.ts), per project.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IpcError } from '../../../shared/ipc/errors';
import {
  corruptDraft,
  OTHER_PROJECT,
  remount,
  switchProject,
} from '../../../../test/support/renderer/drafts';
import { generation, PROJECT } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore, type Setup } from '../../../../test/support/renderer/setup';
import { PromptPanel } from './PromptPanel';

afterEach(cleanup);

const box = () => screen.getByRole('textbox', { name: 'Feature request' }) as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

const reloaded = (setup: Setup) => remount(setup, <PromptPanel />);

async function generate(setup: Setup) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await Promise.resolve();
  });
  expect(setup.client.callsTo('generation:derive')).toHaveLength(1);
}

describe('the prompt draft', () => {
  it('comes back after a reload', () => {
    const setup = setupStore();
    renderWith(<PromptPanel />, setup);
    type('Export the backlog as CSV');
    reloaded(setup);
    expect(box().value).toBe('Export the backlog as CSV');
  });

  it('is gone once the generation succeeded', async () => {
    const setup = setupStore();
    setup.client.handle('generation:derive', ({ id }) => generation({ id, status: 'succeeded' }));
    renderWith(<PromptPanel />, setup);
    type('Export the backlog as CSV');
    await generate(setup);
    expect(box().value).toBe('Export the backlog as CSV'); // the form keeps it, as before
    reloaded(setup);
    expect(box().value).toBe('');
  });

  it('is kept when the generation fails', async () => {
    const setup = setupStore();
    setup.client.handle('generation:derive', () => {
      throw new IpcError({ code: 'internal_error', message: 'boom' });
    });
    renderWith(<PromptPanel />, setup);
    type('Export the backlog as CSV');
    await generate(setup);
    reloaded(setup);
    expect(box().value).toBe('Export the backlog as CSV');
  });

  it('is kept when the text changed while the generation ran', async () => {
    const setup = setupStore();
    setup.client.handle('generation:derive', ({ id }) => {
      setup.store.getState().setPromptForm({ text: 'Export as CSV and JSON' });
      return generation({ id, status: 'succeeded' });
    });
    renderWith(<PromptPanel />, setup);
    type('Export as CSV');
    await generate(setup);
    reloaded(setup);
    expect(box().value).toBe('Export as CSV and JSON');
  });

  it('never shows in another project, and comes back in its own', () => {
    const setup = setupStore();
    renderWith(<PromptPanel />, setup);
    type('Only for demo');
    switchProject(setup, OTHER_PROJECT);
    expect(box().value).toBe('');
    type('Only for other');
    switchProject(setup, PROJECT);
    expect(box().value).toBe('Only for demo');
    switchProject(setup, null);
    expect(box().value).toBe('');
  });

  it('ignores corrupt content in the storage', () => {
    const setup = setupStore();
    corruptDraft('prompt');
    reloaded(setup);
    expect(box().value).toBe('');
    type('Typing still works');
    reloaded(setup);
    expect(box().value).toBe('Typing still works');
  });
});
