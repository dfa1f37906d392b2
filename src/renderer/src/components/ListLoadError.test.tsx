// A list the host refused (a stale token: 401) is said to have failed, never shown as empty.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IpcError } from '../../../shared/ipc/errors';
import { AssertionsPanel } from '../panels/AssertionsPanel';
import { BoardPanel } from '../panels/board/BoardPanel';
import { HistoryPanel } from '../panels/HistoryPanel';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';

afterEach(cleanup);

const refused = () => {
  throw new IpcError({ code: 'unauthorized', message: 'Missing or wrong token.' });
};

describe('a list that failed to load', () => {
  it('the Assertions panel says the host refused it, not "No assertions yet"', async () => {
    const setup = setupStore();
    setup.client.handle('assertions:list', refused);
    setup.client.handle('sprints:list', () => []);
    await act(async () => {
      renderWith(<AssertionsPanel />, setup);
      await setup.store.getState().loadAssertions();
    });
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Could not load the assertions: The Puffin host refused/,
    );
    expect(screen.queryByText(/No assertions yet/)).toBeNull();

    // Once it loads again, the failure is forgotten and the empty list is said to be empty.
    setup.client.handle('assertions:list', () => []);
    await act(() => setup.store.getState().loadAssertions());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/No assertions yet/)).toBeTruthy();
  });

  it('the History panel says the history could not be loaded, not "No generations yet"', async () => {
    const setup = setupStore();
    setup.client.handle('history:list', refused);
    await act(async () => {
      renderWith(<HistoryPanel />, setup);
      await setup.store.getState().loadHistory();
    });
    expect(screen.getByRole('alert').getAttribute('data-code')).toBe('unauthorized');
    expect(screen.queryByText('No generations yet.')).toBeNull();
  });

  it('the Board says it could not be loaded, not a blank page', async () => {
    const setup = setupStore();
    setup.client.handle('board:get', refused);
    await act(async () => {
      renderWith(<BoardPanel />, setup);
      await setup.store.getState().loadBoard();
    });
    expect(screen.getByRole('alert').textContent).toMatch(/^Could not load the board: /);
  });
});
