import type { Story } from '../../../shared/stories';
import { applyStoriesChange } from '../../../shared/storiesChange';
import { STORY_PAGE_LIMITS } from '../../../shared/storyPage';
import { errorNotice, listLoaded, listLoadFailed } from './uiError';
import type { BacklogSlice, Slice } from './types';

/** Stories of the first page (enough for any first screen) and of each page after it. */
const FIRST_PAGE = 200;
const NEXT_PAGES = STORY_PAGE_LIMITS.max;

const withoutShortId = ({ shortId: _, ...story }: Story & { shortId: string }): Story => story;

const upsert = (stories: Story[], changed: Story[]): Story[] =>
  applyStoriesChange(stories, { changed, deleted: [] });

/** The stories a failed deletion could not put back (details of a storyBatch failure): undo is still offered. */
function leftDeleted(err: unknown): Story[] {
  const deleted = (err as { details?: { deleted?: unknown } } | null)?.details?.deleted;
  return Array.isArray(deleted) ? (deleted as Story[]) : [];
}

export const createBacklogSlice: Slice<BacklogSlice> = (client) => (set, get) => {
  let loading: Promise<void> | null = null;
  let again = false;

  /**
   * The backlog page by page (a large one never comes in one answer): the first page shows at once, the others
   * follow, each shown as it arrives.
   */
  async function fetchStories(): Promise<void> {
    try {
      let page = await client.call('stories:page', { limit: FIRST_PAGE });
      const stories: Story[] = [];
      for (;;) {
        stories.push(...page.stories.map(withoutShortId));
        const ids = new Set(stories.map((s) => s.id));
        const shown = [...stories];
        const done = page.stories.length === 0 || stories.length >= page.total;
        set((s) => ({
          stories: shown,
          storiesLoaded: true,
          // Selections are pruned once the whole backlog is known.
          ...(done ? { selected: new Set([...s.selected].filter((id) => ids.has(id))) } : {}),
          ...listLoaded(s, 'stories'),
        }));
        if (done) return;
        page = await client.call('stories:page', { offset: stories.length, limit: NEXT_PAGES });
      }
    } catch (err) {
      set((s) => ({ storiesLoaded: true, ...listLoadFailed(s, 'stories', err) }));
    }
  }

  return {
    stories: [],
    storiesLoaded: false,
    statusFilter: { pending: true, in_progress: true, done: true, archived: false },
    search: '',
    selected: new Set<string>(),
    anchorId: null,
    undo: null,
    /** Coalesces: a load asked for while one runs starts once more after it. */
    async loadStories() {
      if (loading) {
        again = true;
        return loading;
      }
      loading = (async () => {
        do {
          again = false;
          await fetchStories();
        } while (again);
        loading = null;
      })();
      return loading;
    },
    setStatusVisible(status, visible) {
      set((s) => ({ statusFilter: { ...s.statusFilter, [status]: visible } }));
    },
    setSearch(search) {
      set({ search });
    },
    toggleSelected(id, range, orderedIds) {
      set((s) => {
        const selected = new Set(s.selected);
        const from = s.anchorId ? orderedIds.indexOf(s.anchorId) : -1;
        const to = orderedIds.indexOf(id);
        if (range && from >= 0 && to >= 0) {
          const [a, b] = from < to ? [from, to] : [to, from];
          for (const rid of orderedIds.slice(a, b + 1)) selected.add(rid);
          return { selected };
        }
        if (selected.has(id)) selected.delete(id);
        else selected.add(id);
        return { selected, anchorId: id };
      });
    },
    setSelection(ids) {
      set({ selected: new Set(ids), anchorId: ids[0] ?? null });
    },
    async updateStory(id, patch) {
      try {
        const story = await client.call('stories:update', { id, patch });
        set((s) => ({ stories: upsert(s.stories, [story]) }));
        return true;
      } catch (err) {
        set({ notice: errorNotice(err) });
        return false;
      }
    },
    applyStoriesChange(change) {
      set((s) => {
        const stories = applyStoriesChange(s.stories, change);
        if (stories === s.stories) return {};
        const gone = new Set(change.deleted);
        const selected = [...s.selected].some((id) => gone.has(id))
          ? new Set([...s.selected].filter((id) => !gone.has(id)))
          : s.selected;
        return { stories, selected };
      });
    },
    /** One request for the whole selection (one write per story, one stories:changed). */
    async setStoriesStatus(ids, status) {
      if (ids.length === 0) return;
      try {
        const stories = await client.call('stories:setStatus', { ids: [...ids], status });
        set((s) => ({ stories: upsert(s.stories, stories) }));
      } catch (err) {
        set({ notice: errorNotice(err) });
        return;
      }
      if (status === 'archived')
        set({
          notice: {
            kind: 'info',
            message: `Archived ${ids.length} ${ids.length === 1 ? 'story' : 'stories'}.`,
          },
        });
    },
    async deleteStories(ids) {
      if (ids.length === 0) return;
      try {
        const deleted = await client.call('stories:delete', { ids: [...ids] });
        const gone = new Set(deleted.map((s) => s.id));
        set((s) => ({
          stories: s.stories.filter((st) => !gone.has(st.id)),
          selected: new Set([...s.selected].filter((id) => !gone.has(id))),
          undo: deleted.length > 0 ? deleted : null,
        }));
      } catch (err) {
        const left = leftDeleted(err);
        set({ notice: errorNotice(err), ...(left.length > 0 ? { undo: left } : {}) });
      }
    },
    async undoDelete() {
      const undo = get().undo;
      if (!undo) return;
      try {
        const restored = await client.call('stories:restore', { stories: undo });
        set((s) => ({ stories: upsert(s.stories, restored), undo: null }));
      } catch (err) {
        set({ notice: errorNotice(err) });
      }
    },
    dismissUndo() {
      set({ undo: null });
    },
  };
};
