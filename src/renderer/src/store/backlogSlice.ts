import { STORY_STATUSES, type Story, type StoryStatus } from '../../../shared/stories';
import { applyStoriesChange } from '../../../shared/storiesChange';
import { STORY_PAGE_LIMITS } from '../../../shared/storyPage';
import { errorNotice, listLoaded, listLoadFailed } from './uiError';
import type { BacklogSlice, Slice } from './types';

type StoryFilter = { statuses?: StoryStatus[]; query?: string };

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

/** What the Backlog shows, as a `stories:page` request: only the statuses ticked, only stories with the words. */
function filterOf(statusFilter: Record<StoryStatus, boolean>, search: string): StoryFilter {
  const statuses = STORY_STATUSES.filter((st) => statusFilter[st]);
  const query = search.trim();
  return {
    ...(statuses.length < STORY_STATUSES.length ? { statuses } : {}),
    ...(query ? { query } : {}),
  };
}

export const createBacklogSlice: Slice<BacklogSlice> = (client) => (set, get) => {
  let loading: Promise<void> | null = null;
  let again = false;
  /** Counts the loads asked for: a load whose filter changed meanwhile stops after its current page. */
  let asked = 0;

  /**
   * The stories the status filter and the search keep, page by page as the store answers them (a large backlog
   * never comes in one answer; the filters and the search run where the index is): the first page shows at once,
   * the others follow, each shown as it arrives.
   */
  async function fetchStories(): Promise<void> {
    const mine = asked;
    const { statusFilter, search } = get();
    const filter = filterOf(statusFilter, search);
    const whole = Object.keys(filter).length === 0;
    try {
      let page = await client.call('stories:page', { ...filter, limit: FIRST_PAGE });
      const stories: Story[] = [];
      for (;;) {
        if (mine !== asked) return;
        stories.push(...page.stories.map(withoutShortId));
        const ids = new Set(stories.map((s) => s.id));
        const shown = [...stories];
        const done = page.stories.length === 0 || stories.length >= page.matching;
        const counts = { storiesMatching: page.matching, storiesTotal: page.total };
        set((s) => ({
          stories: shown,
          ...counts,
          storiesLoaded: true,
          // Selections are pruned once the whole backlog is known.
          ...(done && whole ? { selected: new Set([...s.selected].filter((id) => ids.has(id))) } : {}),
          ...listLoaded(s, 'stories'),
        }));
        if (done) return;
        page = await client.call('stories:page', { ...filter, offset: stories.length, limit: NEXT_PAGES });
      }
    } catch (err) {
      if (mine === asked) set((s) => ({ storiesLoaded: true, ...listLoadFailed(s, 'stories', err) }));
    }
  }

  return {
    stories: [],
    storiesMatching: 0,
    storiesTotal: 0,
    storiesLoaded: false,
    statusFilter: { pending: true, in_progress: true, done: true, archived: false },
    search: '',
    selected: new Set<string>(),
    anchorId: null,
    undo: null,
    /** Coalesces: a load asked for while one runs starts once more after it (that one stops early). */
    async loadStories() {
      asked++;
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
      if (get().project) void get().loadStories();
    },
    setSearch(search) {
      set({ search });
      if (get().project) void get().loadStories();
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
        void get().loadStories(); // the change may move it out of what the filters keep
        return true;
      } catch (err) {
        set({ notice: errorNotice(err) });
        return false;
      }
    },
    /** Shown at once, then asked again: the change may move stories in or out of what the filters keep. */
    applyStoriesChange(change) {
      if (get().storiesLoaded) void get().loadStories();
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
        void get().loadStories();
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
        void get().loadStories();
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
        void get().loadStories();
      } catch (err) {
        set({ notice: errorNotice(err) });
      }
    },
    dismissUndo() {
      set({ undo: null });
    },
  };
};
