import { useEffect, useState } from 'react';
import type { TrackerProgress } from '../../../shared/ipc/trackerChannels';
import type { Sprint } from '../../../shared/plans';
import { ErrorHelp } from '../components/ErrorHelp';
import type { TrackerKind, TrackerPlace } from '../store/trackerSlice';
import { useAppFields } from '../store/StoreContext';
import { TrackerResult } from './TrackerResult';

const NAMES: Record<TrackerKind, string> = { github: 'GitHub', jira: 'Jira', linear: 'Linear' };
const CREDENTIALS: Record<TrackerKind, string> = {
  github: 'GITHUB_TOKEN (or the GitHub CLI’s login)',
  jira: 'JIRA_EMAIL and JIRA_API_TOKEN',
  linear: 'LINEAR_API_KEY',
};
const BUSY = { export: 'Exporting', sync: 'Syncing', import: 'Importing' } as const;

function progressWords(p: TrackerProgress | null): string {
  if (!p) return '';
  if (p.waitMs !== undefined) return ` waiting ${Math.ceil(p.waitMs / 1000)} s (${p.why ?? 'rate limit'})`;
  return p.done !== undefined && p.total !== undefined ? ` ${p.done} of ${p.total} stories` : '';
}

/**
 * The sprint's tracker: export its stories (criteria ticked only where their assertions pass), bring edits back
 * (sync, with conflicts to settle), or import issues into the backlog, for GitHub, Jira or Linear.
 */
export function TrackerPanel({ sprint }: { sprint: Sprint }) {
  const {
    trackerBusy,
    trackerError,
    trackerProgress,
    connectTracker,
    trackerExport,
    trackerSync,
    trackerImport,
    cancelTracker,
    trackerTest,
    trackerTested,
  } = useAppFields(
    'trackerTest',
    'trackerTested',
    'trackerBusy',
    'trackerError',
    'trackerProgress',
    'connectTracker',
    'trackerExport',
    'trackerSync',
    'trackerImport',
    'cancelTracker',
  );
  const [place, setPlace] = useState<TrackerPlace>({
    tracker: 'jira',
    repo: '',
    site: '',
    key: '',
    team: '',
    apiUrl: '',
  });
  useEffect(() => connectTracker(), [connectTracker]);
  const [closeVerified, setCloseVerified] = useState(false);
  const [dismissed, setDismissed] = useState<object | null>(null);
  const field = (name: keyof Omit<TrackerPlace, 'tracker'>, label: string, placeholder: string) => (
    <label className="inline">
      {label}{' '}
      <input
        value={place[name]}
        placeholder={placeholder}
        onChange={(e) => setPlace({ ...place, [name]: e.target.value })}
      />
    </label>
  );
  const t = place.tracker;
  const ready =
    t === 'github'
      ? place.repo.trim() !== ''
      : t === 'jira'
        ? place.site.trim() !== '' && place.key.trim() !== ''
        : place.team.trim() !== '';
  const busy = trackerBusy !== null;
  return (
    <section className="panel" aria-labelledby="tracker-title">
      <h2 id="tracker-title">Tracker</h2>
      <div className="row" role="radiogroup" aria-label="Tracker">
        {(['github', 'jira', 'linear'] as const).map((k) => (
          <label key={k} className="inline">
            <input
              type="radio"
              name="tracker"
              checked={t === k}
              onChange={() => setPlace({ ...place, tracker: k })}
            />{' '}
            {NAMES[k]}
          </label>
        ))}
      </div>
      <div className="row" role="group" aria-label="Connection">
        {t === 'github' && field('repo', 'Repository', 'owner/name')}
        {t === 'jira' && field('site', 'Site', 'https://your-domain.atlassian.net')}
        {t === 'jira' && field('key', 'Project key', 'PROJ')}
        {t === 'linear' && field('team', 'Team key', 'ENG')}
        {t !== 'jira' &&
          field(
            'apiUrl',
            'API URL',
            t === 'github' ? 'https://api.github.com' : 'https://api.linear.app/graphql',
          )}
      </div>
      <div className="row">
        <button type="button" disabled={!ready || busy} onClick={() => void trackerTest(place)}>
          Test connection
        </button>
        {trackerTested && <span data-testid="tracker-tested">{trackerTested}</span>}
      </div>
      <p className="muted">
        Credentials come from {CREDENTIALS[t]} in the environment Puffin was started from, or from Settings →
        Tracker credentials.
      </p>
      <div className="row" role="toolbar" aria-label="Tracker actions">
        <label className="inline">
          <input
            type="checkbox"
            checked={closeVerified}
            onChange={(e) => setCloseVerified(e.target.checked)}
          />{' '}
          Close verified stories
        </label>
        <button
          type="button"
          className="primary"
          disabled={!ready || busy}
          onClick={() => void trackerExport(sprint.id, place, closeVerified)}
        >
          Export to {NAMES[t]}
        </button>
        <button type="button" disabled={!ready || busy} onClick={() => void trackerSync(sprint.id, place)}>
          Sync
        </button>
        <button type="button" disabled={!ready || busy} onClick={() => void trackerImport(place)}>
          Import issues
        </button>
        {busy && (
          <button type="button" onClick={cancelTracker}>
            Cancel
          </button>
        )}
      </div>
      <p className="muted progress-line" role="status" aria-live="polite">
        {trackerBusy ? `${BUSY[trackerBusy]} with ${NAMES[t]}…${progressWords(trackerProgress)}` : ''}
      </p>
      {trackerError && trackerError !== dismissed && (
        <ErrorHelp error={trackerError} onDismiss={() => setDismissed(trackerError)} />
      )}
      <TrackerResult
        onResolve={(storyId, keep) => void trackerSync(sprint.id, place, { storyId, keep })}
        busy={busy}
      />
    </section>
  );
}
