import type { StoryAssertionsView } from '../../../shared/assertions';
import { noticeFrom } from './errorMessage';
import type { Slice } from './types';

export interface AssertionsSlice {
  assertionViews: StoryAssertionsView[];
  /** Story ids (or `storyId/assertionId`) with a run in flight. */
  assertionRuns: string[];
  failingOnly: boolean;
  loadAssertions(): Promise<void>;
  runStoryAssertions(storyId: string, assertionId?: string): Promise<void>;
  runAllAssertions(): Promise<void>;
  setFailingOnly(value: boolean): void;
  openAssertionLocation(file: string, line?: number): Promise<void>;
}

export const createAssertionsSlice: Slice<AssertionsSlice> = (client) => (set, get) => ({
  assertionViews: [],
  assertionRuns: [],
  failingOnly: false,
  async loadAssertions() {
    try {
      set({ assertionViews: await client.call('assertions:list', {}) });
    } catch (err) {
      set({ notice: noticeFrom(err) });
    }
  },
  async runStoryAssertions(storyId, assertionId) {
    const key = assertionId ? `${storyId}/${assertionId}` : storyId;
    set((s) => ({ assertionRuns: [...s.assertionRuns, key] }));
    try {
      const view = await client.call(
        'assertions:run',
        assertionId ? { storyId, assertionIds: [assertionId] } : { storyId },
      );
      set((s) => ({ assertionViews: s.assertionViews.map((v) => (v.storyId === storyId ? view : v)) }));
    } catch (err) {
      set({ notice: noticeFrom(err) });
    } finally {
      set((s) => ({ assertionRuns: s.assertionRuns.filter((k) => k !== key) }));
    }
  },
  async runAllAssertions() {
    // One story at a time: the evaluator already parallelises inside a run, and results arrive per story.
    for (const view of get().assertionViews) if (!view.problem) await get().runStoryAssertions(view.storyId);
  },
  setFailingOnly(failingOnly) {
    set({ failingOnly });
  },
  async openAssertionLocation(file, line) {
    try {
      const r = await client.call('assertions:openLocation', line ? { file, line } : { file });
      if (!r.opened) set({ notice: { kind: 'info', message: `File: ${r.path}${line ? `:${line}` : ''}` } });
    } catch (err) {
      set({ notice: noticeFrom(err) });
    }
  },
});
