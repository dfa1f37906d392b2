import { useAppFields } from '../store/StoreContext';

const ACTION: Record<string, string> = {
  created: 'created',
  updated: 'updated',
  unchanged: 'unchanged',
  pulled: 'edit brought back',
  conflict: 'conflict',
  kept: 'kept Puffin’s',
  taken: 'took the tracker’s',
  gone: 'gone from the tracker',
};

/** The last tracker run: each story's issue with its link, what happened to it, and conflicts to settle. */
export function TrackerResult({
  onResolve,
  busy,
}: {
  onResolve: (storyId: string, keep: 'puffin' | 'tracker') => void;
  busy: boolean;
}) {
  const { trackerOutcome: o, restoreStoryVersion } = useAppFields('trackerOutcome', 'restoreStoryVersion');
  if (!o) return null;
  const rows =
    o.job === 'export'
      ? o.result.issues.map((i) => ({
          storyId: i.storyId,
          key: i.key,
          url: i.url,
          action: i.action,
          note: '',
        }))
      : o.job === 'sync'
        ? o.result.stories.map((s) => ({
            ...s,
            note: `${s.trackerDone === null ? '' : s.trackerDone ? 'closed there' : 'open there'} · Puffin: ${s.verdict}`,
          }))
        : o.result.stories.map((s) => ({ ...s, note: '' }));
  const conflicts = o.job === 'sync' ? o.result.conflicts : [];
  return (
    <div role="group" aria-label="Last tracker result">
      {o.job === 'export' && (
        <p>
          {o.tracker === 'github' ? 'Milestone' : 'Sprint issue'}:{' '}
          <a href={o.result.container.url} target="_blank" rel="noreferrer">
            {o.result.container.key}
          </a>{' '}
          ({o.result.container.action})
        </p>
      )}
      <ul aria-label="Tracker issues">
        {rows.map((r) => (
          <li key={r.storyId}>
            <a href={r.url} target="_blank" rel="noreferrer">
              {r.key}
            </a>{' '}
            {ACTION[r.action] ?? r.action}
            {r.note && <span className="muted"> · {r.note}</span>}
            {'previous' in r && r.previous && (
              <>
                {' '}
                <span className="muted">(was “{r.previous.title}”)</span>{' '}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void restoreStoryVersion(r.storyId, r.previous!.version)}
                >
                  Restore earlier text
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {rows.length === 0 && <p className="muted">Nothing to show.</p>}
      {o.result.warnings.map((w) => (
        <p key={w} className="muted">
          {w}
        </p>
      ))}
      {conflicts.length > 0 && (
        <section aria-label="Conflicts">
          <h3>Conflicts: both sides changed, nothing was overwritten</h3>
          {conflicts.map((c) => (
            <div key={c.storyId} className="row">
              <span>
                {c.key}: Puffin “{c.puffin.title}” · tracker “{c.tracker.title}”
              </span>
              <button type="button" disabled={busy} onClick={() => onResolve(c.storyId, 'puffin')}>
                Keep Puffin’s
              </button>
              <button type="button" disabled={busy} onClick={() => onResolve(c.storyId, 'tracker')}>
                Take the tracker’s
              </button>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
