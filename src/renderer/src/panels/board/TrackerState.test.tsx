import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWith, setupStore } from '../../../../../test/support/renderer/setup';
import { TrackerState } from './TrackerState';

afterEach(cleanup);

const board = (done: boolean | null) => ({
  stories: [],
  sprints: [],
  commit: null,
  costPerVerifiedUsd: null,
  trackerLinks: { st1: { key: 'PUF-2', url: 'https://acme.atlassian.net/browse/PUF-2', done } },
});

describe('TrackerState', () => {
  it('shows the tracker issue and whether it is closed there; nothing for a story without one', async () => {
    const setup = setupStore();
    setup.store.setState({ board: board(true) });
    await act(async () => {
      renderWith(
        <>
          <TrackerState storyId="st1" />
          <TrackerState storyId="other" />
        </>,
        setup,
      );
    });
    const line = screen.getByTestId('tracker-state');
    expect(line.textContent).toBe('Tracker: PUF-2 closed there');
    expect(screen.getByRole('link', { name: 'PUF-2' }).getAttribute('href')).toBe(
      'https://acme.atlassian.net/browse/PUF-2',
    );
    expect(screen.getAllByTestId('tracker-state')).toHaveLength(1);
    await act(async () => setup.store.setState({ board: board(false) }));
    expect(screen.getByTestId('tracker-state').textContent).toBe('Tracker: PUF-2 open there');
  });
});
