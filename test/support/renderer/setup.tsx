import { render, screen, within } from '@testing-library/react';
import type { OpenReview } from '../../../src/shared/schema-types';
import type { ReactElement } from 'react';
import { createAppStore, type AppStore } from '../../../src/renderer/src/store/appStore';
import { StoreProvider } from '../../../src/renderer/src/store/StoreContext';
import { backlogPages, createFakeClient, PROJECT, SETTINGS, type FakeClient } from './fakeClient';

export interface Setup {
  client: FakeClient;
  store: AppStore;
}

/** A store over a fake client with an open project and settings, the journey's lists answering empty. */
export function setupStore(options: { project?: boolean } = {}): Setup {
  // A new app starts without the drafts (lib/drafts.ts) an earlier test left; reload() keeps them.
  window.localStorage.clear();
  window.sessionStorage.clear();
  const client = createFakeClient();
  client.handle('stories:page', backlogPages([]));
  client.handle('history:list', () => []);
  // The sprint view's budget line asks what the sprint cost: nothing yet.
  client.handle('costs:get', () => ({
    totalUsd: 0,
    unattributedUsd: 0,
    verifiedCount: 0,
    costPerVerifiedUsd: null,
    sprints: [],
  }));
  keepOpenReview(client);
  const store = createAppStore(client);
  store.setState({ settings: SETTINGS, project: options.project === false ? null : PROJECT });
  // Follow the journey's events (progress, stories:changed, history:changed) as the App does.
  store.getState().connectJourney();
  return { client, store };
}

/** The project store's open review, in memory: a second store over the same client is a reload. */
function keepOpenReview(client: FakeClient): void {
  let saved: OpenReview | null = null;
  client.handle('review:get', () => saved);
  client.handle('review:save', ({ review }) => (saved = { ...review, savedAt: new Date().toISOString() }));
  client.handle('review:close', () => {
    const closed = saved !== null;
    saved = null;
    return { closed };
  });
}

/** The same app over the same client and project, as after reloading the page. */
export function reload(setup: Setup): Setup {
  const store = createAppStore(setup.client);
  store.setState({ settings: SETTINGS, project: PROJECT });
  store.getState().connectJourney();
  return { client: setup.client, store };
}

export function renderWith(ui: ReactElement, setup: Setup) {
  return render(<StoreProvider store={setup.store}>{ui}</StoreProvider>);
}

/** The texts of the items of the list named `name`, in order. */
export const listed = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
