/**
 * Next to the feature request: specs for code that already exists. The stories come back with the checks that
 * pass on the code now, kept as guards, so a later change that breaks one shows as a regression.
 */
import { useState } from 'react';
import { useApp, useAppFields } from '../store/StoreContext';

export function DescribeExistingCode() {
  const project = useApp((s) => s.project);
  const { reverse, describeExistingCode } = useAppFields('reverse', 'describeExistingCode');
  const [path, setPath] = useState('');
  const running = reverse.kind === 'running';
  return (
    <details className="panel describe-code">
      <summary>Describe existing code</summary>
      <p className="muted">
        Stories for what the code already does, each with checks that pass now. They are kept as guards: a
        change that breaks one shows as a regression in verify and on the Board.
      </p>
      <div className="row">
        <label htmlFor="describe-path">Folder (empty: the whole project)</label>
        <input
          id="describe-path"
          value={path}
          onChange={(e) => setPath(e.target.value)}
          placeholder="src/billing"
          disabled={!project || running}
        />
        <button
          type="button"
          disabled={!project || running}
          onClick={() => void describeExistingCode(path.trim() ? { path: path.trim() } : {})}
        >
          {running ? 'Describing…' : 'Describe existing code'}
        </button>
      </div>
      {reverse.kind === 'done' && (
        <div role="status" aria-label="Described code">
          <p>
            {reverse.result.stories.length} {reverse.result.stories.length === 1 ? 'story' : 'stories'} added
            to the backlog, verified by their guards.
          </p>
          <ul>
            {reverse.result.stories.map((s) => (
              <li key={s.id}>
                {s.title} · {s.guards.length} {s.guards.length === 1 ? 'guard' : 'guards'}
              </li>
            ))}
          </ul>
          {reverse.result.dropped.length > 0 && (
            <p className="muted">
              Not kept (no check passed on the code now):{' '}
              {reverse.result.dropped.map((d) => d.title).join(', ')}
            </p>
          )}
        </div>
      )}
    </details>
  );
}
