// Helpers for the drafts tests (lib/drafts.ts): a reload that keeps the storage, a project switch, corrupt content.
import { act, cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ProjectInfo } from '../../../src/shared/project';
import { draftKey } from '../../../src/renderer/src/lib/drafts';
import { PROJECT } from './fakeClient';
import { reload, renderWith, type Setup } from './setup';

export const OTHER_PROJECT: ProjectInfo = { ...PROJECT, name: 'other', path: '/tmp/other' };

/** The page reloaded: a new app over the same client and project (the storage kept) mounts `ui`. */
export function remount(setup: Setup, ui: ReactElement): Setup {
  cleanup();
  const next = reload(setup);
  renderWith(ui, next);
  return next;
}

export function switchProject(setup: Setup, project: ProjectInfo | null): void {
  act(() => setup.store.setState({ project }));
}

/** What a crash mid-write, another version or another app could leave under a draft's key. */
export function corruptDraft(purpose: string): void {
  window.localStorage.setItem(draftKey(PROJECT.path, purpose), '{"savedAt": 1, "value": ');
}

export const draftStored = (purpose: string): boolean =>
  window.localStorage.getItem(draftKey(PROJECT.path, purpose)) !== null;
