import type { WorkflowName } from '../../../shared/workflows';
import { describeError } from '../lib/errorHelp';
import { rawOutputLabel } from '../lib/engineWords';
import type { UiError } from '../store/uiError';
import { useApp } from '../store/StoreContext';
import { useErrorEngine } from './useErrorEngine';
import { ViewLink } from './ViewLink';

interface Props {
  error: UiError;
  onRetry?: () => void;
  onDismiss: () => void;
  /** The workflow that failed: its engine words the help when the error does not name one. */
  workflow?: WorkflowName;
}

/** An error with its next step: the command to run, a Retry, the validation problems and raw output. */
export function ErrorHelp({ error, onRetry, onDismiss, workflow }: Props) {
  const engine = useErrorEngine(error.details, workflow);
  const projectOpen = useApp((s) => s.project !== null);
  const help = describeError(error, undefined, engine, { projectOpen });
  const raw = rawOutputLabel(engine?.provider);
  return (
    <section
      role={help.info ? 'status' : 'alert'}
      aria-labelledby="error-help-title"
      className={`panel error-help ${help.info ? 'info' : 'error'}`}
      data-code={error.code}
    >
      <h2 id="error-help-title">{help.title}</h2>
      <p>{help.message}</p>
      <p>
        <strong>Next step:</strong> {help.next}
      </p>
      {help.command && (
        <p>
          Run: <code className="command">{help.command}</code>
        </p>
      )}
      {help.validationErrors.length > 0 && (
        <>
          <h3>Problems found</h3>
          <ul aria-label="Validation errors">
            {help.validationErrors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </>
      )}
      {help.rawLines.length > 0 && (
        <details>
          <summary>
            {raw.charAt(0).toUpperCase() + raw.slice(1)} ({help.rawLines.length} lines)
          </summary>
          <pre className="raw-lines">{help.rawLines.join('\n')}</pre>
        </details>
      )}
      <div className="row">
        {help.retry && onRetry && (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        )}
        {help.openSettings && <ViewLink view="settings">Open Settings</ViewLink>}
        {help.openProject && <ViewLink view="project">Open a project</ViewLink>}
        <button type="button" className="subtle" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}
