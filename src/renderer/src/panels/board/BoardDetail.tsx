import type { ReactNode } from 'react';
import type { BoardSprint, BoardStory } from '../../../../shared/board';
import { formatCost } from '../../lib/format';
import { VERDICT_LABEL } from './BoardCard';

function FileList({ title, files, testId }: { title: string; files: readonly string[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <h4>
        {title} <span className="muted">{files.length}</span>
      </h4>
      {files.length === 0 ? (
        <p className="muted">None</p>
      ) : (
        <ul className="board-files">
          {files.map((f) => (
            <li key={f}>
              <code>{f}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A story's assertions with their results, and its planned files against what git says changed. */
export function BoardDetail({
  story,
  sprint,
  onClose,
  actions,
}: {
  story: BoardStory;
  sprint: BoardSprint | null;
  onClose(): void;
  actions?: ReactNode;
}) {
  return (
    <aside className="board-detail" aria-label={`Details of ${story.title}`}>
      <header>
        <h3>{story.title}</h3>
        <button type="button" className="subtle" aria-label="Close details" onClick={onClose}>
          ×
        </button>
      </header>
      <p>
        <span className={`badge verdict-${story.verdict}`}>{VERDICT_LABEL[story.verdict]}</span>
        {sprint && <span className="muted"> · sprint {sprint.title}</span>}
        {story.costUsd !== null && <span className="muted"> · cost {formatCost(story.costUsd)}</span>}
      </p>
      {actions}
      <h4>Assertions</h4>
      {story.chips.length === 0 ? (
        <p className="muted">No assertions yet.</p>
      ) : (
        <ul className="board-assertions">
          {story.chips.map((c) => (
            <li key={c.id}>
              <span className={`board-chip chip-${c.status}`} aria-hidden="true" /> <code>{c.id}</code>{' '}
              {c.message} <span className="muted">({c.status === 'none' ? 'not run yet' : c.status})</span>
            </li>
          ))}
        </ul>
      )}
      {story.files ? (
        <div className="board-file-compare">
          <FileList title="Planned and changed" files={story.files.touched} testId="files-touched" />
          <FileList
            title="Planned but untouched"
            files={story.files.plannedUntouched}
            testId="files-untouched"
          />
          <FileList
            title="Changed but unplanned (sprint-wide)"
            files={story.files.touchedUnplanned}
            testId="files-unplanned"
          />
          {sprint?.baseCommit && (
            <p className="muted">Changes since commit {sprint.baseCommit.slice(0, 12)}.</p>
          )}
        </div>
      ) : (
        <p className="muted">No approved plan in a git repository to compare files with.</p>
      )}
    </aside>
  );
}
