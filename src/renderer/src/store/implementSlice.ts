import type { ResponseOf } from '../../../shared/ipc/contract';
import { errorNotice } from './uiError';
import type { Slice } from './types';

export type ImplementState =
  | { kind: 'running' }
  | { kind: 'done'; result: ResponseOf<'agent:implement'> }
  | { kind: 'failed'; message: string };

export interface ImplementSlice {
  /** Per story: its coding agent running in a worktree, or how the last run ended. */
  implementing: Readonly<Record<string, ImplementState>>;
  /** Hands the story to the Claude Code CLI in a git worktree on a new branch; its assertions judge the result. */
  implementStory(storyId: string): Promise<void>;
  /** Stops the story's agent; its run then ends as cancelled. */
  cancelImplement(storyId: string): Promise<void>;
}

export const createImplementSlice: Slice<ImplementSlice> = (client) => (set, get) => ({
  implementing: {},
  async implementStory(storyId) {
    const put = (state: ImplementState) => set({ implementing: { ...get().implementing, [storyId]: state } });
    put({ kind: 'running' });
    try {
      put({ kind: 'done', result: await client.call('agent:implement', { story: storyId }) });
    } catch (err) {
      const notice = errorNotice(err);
      put({ kind: 'failed', message: notice.message });
      set({ notice });
    }
  },
  async cancelImplement(storyId) {
    try {
      await client.call('agent:cancelImplement', { story: storyId });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
});
