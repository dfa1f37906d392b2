import type { StoryAssertionsView } from '../../../shared/assertions';
import { errorNotice, listLoaded, listLoadFailed } from './uiError';
import type { AppState, Slice } from './types';

export interface AssertionsSlice {
  assertionViews: StoryAssertionsView[];
  /** Story ids (or `storyId/assertionId`) with a run in flight. */
  assertionRuns: string[];
  failingOnly: boolean;
  /** Show (and "run all") only the stories of this sprint; null = every story. */
  assertionSprintId: string | null;
  loadAssertions(): Promise<void>;
  runStoryAssertions(storyId: string, assertionId?: string): Promise<void>;
  runAllAssertions(): Promise<void>;
  setFailingOnly(value: boolean): void;
  setAssertionSprint(sprintId: string | null): void;
  openAssertionLocation(file: string, line?: number): Promise<void>;
}

/** The story views the panel shows: all, or those of the chosen sprint (in the sprint's story order). */
export function assertionViewsInScope(
  s: Pick<AppState, 'assertionViews' | 'assertionSprintId' | 'sprints'>,
): StoryAssertionsView[] {
  if (!s.assertionSprintId) return s.assertionViews;
  const sprint = s.sprints.find((x) => x.id === s.assertionSprintId);
  if (!sprint) return s.assertionViews;
  const byId = new Map(s.assertionViews.map((v) => [v.storyId, v]));
  return sprint.storyIds.flatMap((id) => byId.get(id) ?? []);
}

export const createAssertionsSlice: Slice<AssertionsSlice> = (client) => (set, get) => ({
  assertionViews: [],
  assertionRuns: [],
  failingOnly: false,
  assertionSprintId: null,
  async loadAssertions() {
    try {
      const assertionViews = await client.call('assertions:list', {});
      set((s) => ({ assertionViews, ...listLoaded(s, 'assertions') }));
    } catch (err) {
      set((s) => listLoadFailed(s, 'assertions', err));
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
      set({ notice: errorNotice(err) });
    } finally {
      set((s) => ({ assertionRuns: s.assertionRuns.filter((k) => k !== key) }));
    }
  },
  async runAllAssertions() {
    // One story at a time: the evaluator already parallelises inside a run, and results arrive per story.
    for (const view of assertionViewsInScope(get()))
      if (!view.problem) await get().runStoryAssertions(view.storyId);
  },
  setFailingOnly(failingOnly) {
    set({ failingOnly });
  },
  setAssertionSprint(assertionSprintId) {
    set({ assertionSprintId });
  },
  async openAssertionLocation(file, line) {
    try {
      const r = await client.call('assertions:openLocation', line ? { file, line } : { file });
      if (!r.opened) set({ notice: { kind: 'info', message: `File: ${r.path}${line ? `:${line}` : ''}` } });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
});
