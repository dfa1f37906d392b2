import { useMemo, useState } from 'react';
import { STORY_STATUSES } from '../../../shared/stories';
import { STATUS_LABEL } from '../lib/backlogFilter';
import { plural } from '../lib/format';
import { CheckboxToggles } from '../components/CheckboxToggles';
import { ViewLink } from '../components/ViewLink';
import { useApp, useAppFields } from '../store/StoreContext';
import { BacklogList, rowId } from './BacklogList';
import { StoryEditor } from './StoryEditor';
import { ListLoadError, useLoadError } from '../components/ListLoadError';

/** The contract's limit for sprints:create. */
const MAX_SPRINT_STORIES = 100;

export function Backlog() {
  const failed = useLoadError('stories') !== undefined;
  const {
    project,
    stories: visible,
    storiesMatching: matching,
    storiesTotal: total,
    storiesLoaded: loaded,
    statusFilter,
    search,
    selected,
    undo,
    setStatusVisible,
    setSearch,
    toggleSelected,
    setSelection,
    updateStory,
    setStoriesStatus,
    deleteStories,
    undoDelete,
    dismissUndo,
    createSprint,
  } = useAppFields(
    'project',
    'stories',
    'storiesMatching',
    'storiesTotal',
    'storiesLoaded',
    'statusFilter',
    'search',
    'selected',
    'undo',
    'setStatusVisible',
    'setSearch',
    'toggleSelected',
    'setSelection',
    'updateStory',
    'setStoriesStatus',
    'deleteStories',
    'undoDelete',
    'dismissUndo',
    'createSprint',
  );
  const creatingSprint = useApp((s) => s.sprintBusy === 'create');
  const [activeIndex, setActiveIndex] = useState(0);
  const [editingId, setEditingId] = useState<string | null>(null);

  // The store keeps only what the filters and the search keep (they run where the backlog's index is).
  const visibleIds = useMemo(() => visible.map((s) => s.id), [visible]);
  const active = Math.min(activeIndex, Math.max(0, visible.length - 1));
  const editing = editingId ? visible.find((s) => s.id === editingId) : undefined;
  const selectedIds = [...selected];
  const allShownSelected = visible.length > 0 && visible.every((s) => selected.has(s.id));

  const closeEditor = () => {
    const id = editingId;
    setEditingId(null);
    if (id) requestAnimationFrame(() => document.getElementById(rowId(id))?.focus());
  };
  const deleteSelection = () => {
    const current = visible[active];
    const ids = selectedIds.length > 0 ? selectedIds : current ? [current.id] : [];
    if (editingId && ids.includes(editingId)) setEditingId(null);
    void deleteStories(ids);
  };

  if (!project) {
    return (
      <section className="panel" aria-labelledby="backlog-title">
        <h2 id="backlog-title">Backlog</h2>
        <p className="hint">
          Open a project to see its backlog. <ViewLink view="project">Open a project</ViewLink>
        </p>
      </section>
    );
  }

  return (
    <section className="panel backlog" aria-labelledby="backlog-title">
      <h2 id="backlog-title">Backlog</h2>
      <div className="row toolbar">
        <fieldset className="status-filter">
          <legend>Status</legend>
          <CheckboxToggles
            keys={STORY_STATUSES}
            checked={statusFilter}
            onToggle={setStatusVisible}
            label={(st) => STATUS_LABEL[st]}
          />
        </fieldset>
        <input
          type="search"
          aria-label="Search stories"
          placeholder="Search title, description, criteria…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="muted" aria-live="polite" data-testid="backlog-count">
          {loaded ? `${matching} of ${plural(total, 'story', 'stories')}` : 'Loading…'}
        </span>
      </div>
      <div className="row" role="toolbar" aria-label="Selected stories">
        <label className="inline">
          <input
            type="checkbox"
            checked={allShownSelected}
            disabled={visible.length === 0}
            onChange={(e) => setSelection(e.target.checked ? visibleIds : [])}
          />{' '}
          Select all shown
        </label>
        <span aria-live="polite">{selected.size} selected</span>
        <button
          type="button"
          disabled={selected.size === 0 || selected.size > MAX_SPRINT_STORIES || creatingSprint}
          aria-busy={creatingSprint}
          title={
            selected.size > MAX_SPRINT_STORIES
              ? `A sprint holds at most ${MAX_SPRINT_STORIES} stories`
              : undefined
          }
          onClick={() => void createSprint(selectedIds)}
        >
          Create sprint from selected
        </button>
        <button
          type="button"
          disabled={selected.size === 0}
          onClick={() => void setStoriesStatus(selectedIds, 'archived')}
        >
          Archive selected
        </button>
        <button type="button" disabled={selected.size === 0} onClick={deleteSelection}>
          Delete selected
        </button>
        <button
          type="button"
          className="subtle"
          disabled={selected.size === 0}
          onClick={() => setSelection([])}
        >
          Clear selection
        </button>
      </div>
      {undo && (
        <div role="status" className="notice info toast">
          <span>Deleted {plural(undo.length, 'story', 'stories')}.</span>
          <span className="row">
            <button type="button" onClick={() => void undoDelete()}>
              Undo
            </button>
            <button
              type="button"
              className="subtle"
              aria-label="Dismiss deletion notice"
              onClick={dismissUndo}
            >
              ×
            </button>
          </span>
        </div>
      )}
      {editing && (
        <StoryEditor
          key={editing.id}
          story={editing}
          onSave={(patch) => updateStory(editing.id, patch)}
          onClose={closeEditor}
        />
      )}
      <ListLoadError list="stories" what="the backlog" />
      {loaded && total === 0 ? (
        failed ? null : (
          <p className="muted">
            No stories yet: derive some in the Prompt panel and add the accepted ones here.
          </p>
        )
      ) : (
        <BacklogList
          stories={visible}
          selected={selected}
          activeIndex={active}
          onActiveChange={setActiveIndex}
          onToggle={(id, range) => toggleSelected(id, range, visibleIds)}
          onOpen={setEditingId}
          onDeleteSelection={deleteSelection}
        />
      )}
      <p className="muted" id="backlog-keys">
        Keys: ↑/↓ move · Space selects (Shift: range) · Enter edits · Delete deletes the selection
      </p>
    </section>
  );
}
