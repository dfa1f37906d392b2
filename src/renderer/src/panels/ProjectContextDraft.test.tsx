// The project context typed (or imported) and not yet saved survives a reload (lib/drafts.ts), per project.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IpcError } from '../../../shared/ipc/errors';
import type { ProjectSettings } from '../../../shared/stories';
import {
  corruptDraft,
  draftStored,
  OTHER_PROJECT,
  remount,
  switchProject,
} from '../../../../test/support/renderer/drafts';
import { PROJECT } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore, type Setup } from '../../../../test/support/renderer/setup';
import { ProjectContextPanel } from './ProjectContextPanel';

afterEach(cleanup);

const STORED: ProjectSettings = { description: 'A recipe manager.', conventions: '', neverTouch: [] };
const description = () => (screen.getByLabelText('What the project is') as HTMLTextAreaElement).value;

/** The panel over a project whose context is STORED, with "Recipes and menus" typed and not saved. */
async function typed(update: () => ProjectSettings = () => STORED): Promise<Setup> {
  const setup = setupStore();
  setup.client.handle('projectSettings:get', () => STORED);
  setup.client.handle('projectSettings:update', update);
  await act(async () => {
    renderWith(<ProjectContextPanel />, setup);
  });
  fireEvent.change(screen.getByLabelText('What the project is'), { target: { value: 'Recipes and menus' } });
  return setup;
}

async function reloaded(setup: Setup): Promise<void> {
  await act(async () => {
    remount(setup, <ProjectContextPanel />);
  });
}

const save = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save project context' })));

describe('the project context draft', () => {
  it('comes back after a reload, over the stored context', async () => {
    await reloaded(await typed());
    expect(description()).toBe('Recipes and menus');
  });

  it('is gone once saved, and the saved context shows', async () => {
    const setup = await typed(() => ({ ...STORED, description: 'Recipes and menus' }));
    await save();
    expect(draftStored('context')).toBe(false);
    expect(description()).toBe('Recipes and menus');
    await reloaded(setup);
    expect(description()).toBe('A recipe manager.');
  });

  it('is kept when saving fails', async () => {
    const setup = await typed(() => {
      throw new IpcError({ code: 'internal_error', message: 'boom' });
    });
    await save();
    expect(description()).toBe('Recipes and menus');
    await reloaded(setup);
    expect(description()).toBe('Recipes and menus');
  });

  it('never shows in another project', async () => {
    const setup = await typed();
    expect(draftStored('context')).toBe(true);
    await act(async () => switchProject(setup, OTHER_PROJECT));
    expect(description()).toBe('A recipe manager.');
    cleanup();
    await act(async () => {
      renderWith(<ProjectContextPanel />, setup);
    });
    expect(description()).toBe('A recipe manager.');
    await act(async () => switchProject(setup, PROJECT));
    expect(description()).toBe('Recipes and menus');
  });

  it('ignores corrupt content in the storage', async () => {
    const setup = await typed();
    corruptDraft('context');
    await reloaded(setup);
    expect(description()).toBe('A recipe manager.');
  });
});
