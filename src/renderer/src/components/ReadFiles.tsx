import type { GroundingRecord } from '../../../shared/grounding';
import { readSummary } from '../../../shared/grounding';

/**
 * What a grounded generation looked at: "read 14 files" (with its searches and the turns they cost), opening onto
 * the list of files, the searches, what the CLI refused and, should it ever happen, what succeeded although Puffin
 * forbids it. Nothing is shown for a hermetic generation (no record).
 */
export function ReadFiles({ grounding }: { grounding: GroundingRecord | undefined }) {
  if (!grounding) return null;
  const { filesRead, searches, refused, violations, toolTurns } = grounding;
  const extras = [
    searches.length > 0 && `${searches.length} search${searches.length === 1 ? '' : 'es'}`,
    toolTurns > 0 && `${toolTurns} turn${toolTurns === 1 ? '' : 's'}`,
    refused.length > 0 && `${refused.length} refused`,
  ].filter(Boolean);
  return (
    <details className="read-files">
      <summary>
        {readSummary(grounding)}
        {extras.length > 0 && <span className="muted"> ({extras.join(', ')})</span>}
        {violations.length > 0 && (
          <span role="alert" className="field-error">
            {' '}
            {violations.length} forbidden call{violations.length === 1 ? '' : 's'} succeeded
          </span>
        )}
      </summary>
      {filesRead.length > 0 && (
        <ul aria-label="Files read">
          {filesRead.map((f) => (
            <li key={f}>
              <code>{f}</code>
            </li>
          ))}
        </ul>
      )}
      {searches.length > 0 && (
        <ul aria-label="Searches">
          {searches.map((s, i) => (
            <li key={i}>
              {s.tool} <code>{s.pattern}</code>
              {s.path && (
                <>
                  {' '}
                  in <code>{s.path}</code>
                </>
              )}
              {s.glob && (
                <>
                  {' '}
                  (files <code>{s.glob}</code>)
                </>
              )}
              <span className="muted"> · {s.matches} found</span>
            </li>
          ))}
        </ul>
      )}
      {refused.length > 0 && (
        <ul aria-label="Refused">
          {refused.map((r, i) => (
            <li key={i} title={r.message}>
              {r.tool} <code>{r.target}</code> <span className="muted">refused</span>
            </li>
          ))}
        </ul>
      )}
      {violations.length > 0 && (
        <ul aria-label="Forbidden calls that succeeded" className="field-error">
          {violations.map((v, i) => (
            <li key={i}>
              {v.tool} <code>{v.target}</code> ({v.reason.replace(/_/g, ' ')})
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
