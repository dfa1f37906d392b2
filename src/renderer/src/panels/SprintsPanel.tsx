import { useState } from 'react';
import { SprintStatusBadge } from '../components/SprintStatusBadge';
import { ViewLink } from '../components/ViewLink';
import { plural } from '../lib/format';
import { useAppFields } from '../store/StoreContext';
import { SprintView } from './SprintView';
import { ColumnHeads } from '../components/ColumnHeads';
import { ListLoadError, useLoadError } from '../components/ListLoadError';

/** The sprints of the project (newest first), or the open sprint's view. */
export function SprintsPanel() {
  const failed = useLoadError('sprints') !== undefined;
  const {
    project,
    sprints,
    sprintsLoaded: loaded,
    sprintId,
    openSprint,
  } = useAppFields('project', 'sprints', 'sprintsLoaded', 'sprintId', 'openSprint');
  const [showArchived, setShowArchived] = useState(false);

  if (!project) {
    return (
      <section className="panel" aria-labelledby="sprints-title">
        <h2 id="sprints-title">Sprints</h2>
        <p className="hint">
          Open a project to plan sprints. <ViewLink view="project">Open a project</ViewLink>
        </p>
      </section>
    );
  }
  if (sprintId) return <SprintView />;

  const shown = sprints
    .filter((s) => showArchived || s.status !== 'archived')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section className="panel" aria-labelledby="sprints-title">
      <h2 id="sprints-title">Sprints</h2>
      <div className="row">
        <label className="inline">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />{' '}
          Show archived
        </label>
        <span className="muted" aria-live="polite">
          {loaded ? plural(shown.length, 'sprint') : 'Loading…'}
        </span>
      </div>
      <ListLoadError list="sprints" what="the sprints" />
      {loaded && shown.length === 0 ? (
        failed ? null : (
          <p className="muted">
            No sprints yet. Select stories in the <ViewLink view="backlog">Backlog</ViewLink> and choose
            “Create sprint from selected”.
          </p>
        )
      ) : (
        <table className="sprints-table" aria-label="Sprint list">
          <ColumnHeads names={['Sprint', 'Status', 'Stories', 'Created']} />
          <tbody>
            {shown.map((s) => (
              <tr key={s.id}>
                <td>
                  <button type="button" className="link" onClick={() => void openSprint(s.id)}>
                    {s.title}
                  </button>
                </td>
                <td>
                  <SprintStatusBadge status={s.status} />
                </td>
                <td>{s.storyIds.length}</td>
                <td>{new Date(s.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
