import type { BoardData, BoardStory } from '../../../shared/board';
import type { CostReport } from '../../../shared/cost';
import { errorNotice, listLoaded, listLoadFailed } from './uiError';
import type { Slice } from './types';

export interface BoardSlice {
  board: BoardData | null;
  boardLoading: boolean;
  /** A `puffin verify` run from the board is in flight. */
  verifying: boolean;
  loadBoard(): Promise<void>;
  /** Runs every stored assertion (recorded, as `puffin verify` does), then shows the board again. */
  verifyNow(): Promise<void>;
  /** Replaces the cards the project watch re-evaluated (the `board:changed` event). */
  applyBoardChanges(stories: readonly BoardStory[]): void;
  /** What the calls cost (History's summary). */
  costs: CostReport | null;
  loadCosts(): Promise<void>;
  /**
   * Follows board:changed, refreshes what the calls cost when a call ends (history:changed of a finished one: the
   * sprint's budget line and warning depend on it), and clears both when another project opens. Returns an
   * unsubscribe.
   */
  connectBoard(): () => void;
}

export const createBoardSlice: Slice<BoardSlice> = (client) => (set, get, api) => ({
  board: null,
  costs: null,
  boardLoading: false,
  verifying: false,
  async loadBoard() {
    set({ boardLoading: true });
    try {
      const board = await client.call('board:get', {});
      set((s) => ({ board, ...listLoaded(s, 'board') }));
    } catch (err) {
      set((s) => listLoadFailed(s, 'board', err));
    } finally {
      set({ boardLoading: false });
    }
  },
  async verifyNow() {
    set({ verifying: true });
    try {
      const r = await client.call('verify:run', {});
      const s = r.summary;
      set({
        notice: {
          kind: 'info',
          message: `Verified ${r.stories.length} stories: ${s.passed} of ${s.total} assertions pass${
            r.regressions.length ? `, ${r.regressions.length} regressed` : ''
          }.`,
        },
      });
      await get().loadBoard();
    } catch (err) {
      set({ notice: errorNotice(err) });
    } finally {
      set({ verifying: false });
    }
  },
  async loadCosts() {
    try {
      set({ costs: await client.call('costs:get', {}) });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
  applyBoardChanges(stories) {
    const board = get().board;
    if (!board || stories.length === 0) return;
    const changed = new Map(stories.map((s) => [s.id, s]));
    set({ board: { ...board, stories: board.stories.map((s) => changed.get(s.id) ?? s) } });
  },
  connectBoard() {
    const unsubs = [
      client.on('board:changed', (stories) => get().applyBoardChanges(stories)),
      client.on('history:changed', (g) => {
        if (g.status !== 'running' && get().costs) void get().loadCosts();
      }),
      api.subscribe((s, prev) => {
        if (s.project?.path !== prev.project?.path) set({ board: null, costs: null });
      }),
    ];
    return () => unsubs.forEach((u) => u());
  },
});
