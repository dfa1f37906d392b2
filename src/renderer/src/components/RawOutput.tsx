import { rawOutputLabel } from '../lib/engineWords';
import { useApp } from '../store/StoreContext';

/** The raw lines of one generation (the CLI's stdout, or an API's stream), opened from the History panel (shown inside Activity). */
export function RawOutput() {
  const raw = useApp((s) => s.raw);
  const closeRawLines = useApp((s) => s.closeRawLines);
  const provider = useApp((s) => s.generations.find((g) => g.id === s.raw?.generationId)?.meta.provider);
  if (!raw) return null;
  const label = rawOutputLabel(provider);
  return (
    <section className="raw-output" aria-labelledby="raw-output-title">
      <div className="row">
        <h3 id="raw-output-title">
          {label.charAt(0).toUpperCase() + label.slice(1)}: {raw.title}
        </h3>
        <button type="button" className="subtle" onClick={closeRawLines}>
          Close raw output
        </button>
      </div>
      {raw.error && (
        <p role="alert" className="field-error">
          {raw.error}
        </p>
      )}
      {!raw.error && raw.lines === null && <p className="muted">Loading…</p>}
      {raw.lines && (
        <>
          <p className="muted">{raw.lines.length} lines</p>
          <pre
            className="raw-lines"
            aria-label={provider && provider !== 'claude-cli' ? 'Raw lines' : 'Raw CLI lines'}
            tabIndex={0}
          >
            {raw.lines.join('\n')}
          </pre>
        </>
      )}
    </section>
  );
}
