// The prompt typed and not yet generated from survives a reload (lib/drafts.ts), per project.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IpcError } from '../../../shared/ipc/errors';
import { draftKey } from '../lib/drafts';
import { generation, PROJECT } from '../testing/fakeClient';
import { reload, renderWith, setupStore, type Setup } from '../testing/setup';
import { PromptPanel } from './PromptPanel';

afterEach(cleanup);

const box = () => screen.getByRole('textbox', { name: 'Feature request' }) as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

/** A reload: the page is gone, a new app over the same project mounts the panel. */
function reloaded(setup: Setup): Setup {
  cleanup();
  const next = reload(setup);
  renderWith(<PromptPanel />, next);
  return next;
}

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
    act(() => setup.store.setState({ project: { ...PROJECT, name: 'other', path: '/tmp/other' } }));
    expect(box().value).toBe('');
    type('Only for other');
    act(() => setup.store.setState({ project: PROJECT }));
    expect(box().value).toBe('Only for demo');
    act(() => setup.store.setState({ project: null }));
    expect(box().value).toBe('');
  });

  it('ignores corrupt content in the storage', () => {
    const setup = setupStore();
    window.localStorage.setItem(draftKey(PROJECT.path, 'prompt'), '{"savedAt": "x", "value": ');
    reloaded(setup);
    expect(box().value).toBe('');
    type('Typing still works');
    reloaded(setup);
    expect(box().value).toBe('Typing still works');
  });
});
