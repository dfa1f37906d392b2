import { useApp } from '../store/StoreContext';

/** The raw CLI lines of one generation, opened from the History panel (shown inside Activity). */
export function RawOutput() {
  const raw = useApp((s) => s.raw);
  const closeRawLines = useApp((s) => s.closeRawLines);
  if (!raw) return null;
  return (
    <section className="raw-output" aria-labelledby="raw-output-title">
      <div className="row">
        <h3 id="raw-output-title">Raw CLI output: {raw.title}</h3>
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
          <pre className="raw-lines" aria-label="Raw CLI lines" tabIndex={0}>
            {raw.lines.join('\n')}
          </pre>
        </>
      )}
    </section>
  );
}
