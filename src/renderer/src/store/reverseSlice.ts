import type { ResponseOf } from '../../../shared/ipc/contract';
import { errorNotice } from './uiError';
import type { Slice } from './types';

export type ReverseState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; result: ResponseOf<'stories:reverse'> }
  | { kind: 'failed'; message: string };

export interface ReverseSlice {
  /** Describing existing code: running, or how the last run ended. */
  reverse: ReverseState;
  /** Stories for what the code (a folder, or all of it) does now, kept with the checks that pass as guards. */
  describeExistingCode(request: { path?: string; max?: number }): Promise<void>;
}

export const createReverseSlice: Slice<ReverseSlice> = (client) => (set) => ({
  reverse: { kind: 'idle' },
  async describeExistingCode(request) {
    set({ reverse: { kind: 'running' } });
    try {
      set({ reverse: { kind: 'done', result: await client.call('stories:reverse', request) } });
    } catch (err) {
      const notice = errorNotice(err);
      set({ reverse: { kind: 'failed', message: notice.message }, notice });
    }
  },
});
