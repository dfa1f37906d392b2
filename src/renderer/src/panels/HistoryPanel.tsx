import type { Generation } from '../../../shared/stories';
import { HISTORY_KIND_LABELS } from '../../../shared/workflows';
import { rawOutputLabel } from '../lib/engineWords';
import { formatCost, formatDuration } from '../lib/format';
import { useAppFields } from '../store/StoreContext';
import { CostSummary } from './CostSummary';
import { ReadFiles } from '../components/ReadFiles';
import { ListLoadError, useLoadError } from '../components/ListLoadError';

/** The engine that answered, with its version where it has one (the CLI's): `claude-cli 2.1.330`, `anthropic`. */
function engineOf(g: Generation): string {
  const version = g.meta.engineVersion ?? g.meta.cliVersion;
  return [g.meta.provider, version].filter(Boolean).join(' ');
}

/** A call that answered without a known price (a model missing from the price table) costs "unknown", never $0. */
function costOf(g: Generation): string {
  return g.meta.costUsd === null && g.status === 'succeeded' ? 'unknown' : formatCost(g.meta.costUsd);
}

function GenerationEntry({ g, onRaw, onReview }: { g: Generation; onRaw(): void; onReview(): void }) {
  const titleId = `gen-${g.id}-title`;
  const title = g.title || g.prompt.slice(0, 80);
  return (
    <li className={`history-entry status-${g.status}`} aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <dl className="facts">
        <dt>Kind</dt>
        <dd>{HISTORY_KIND_LABELS[g.kind]}</dd>
        <dt>Status</dt>
        <dd>{g.status}</dd>
        <dt>Time</dt>
        <dd>
          <time dateTime={g.createdAt}>{new Date(g.createdAt).toLocaleString()}</time>
        </dd>
        <dt>Cost</dt>
        <dd>{costOf(g)}</dd>
        <dt>Turns</dt>
        <dd>{g.meta.turns ?? '—'}</dd>
        <dt>Duration</dt>
        <dd>{formatDuration(g.meta.durationMs)}</dd>
        <dt>Engine</dt>
        <dd>{engineOf(g)}</dd>
        <dt>Source</dt>
        <dd>{g.source ?? '—'}</dd>
        <dt>Model</dt>
        <dd>{g.meta.model ?? g.model ?? '—'}</dd>
        {(g.meta.tokensIn != null || g.meta.tokensOut != null) && (
          <>
            <dt>Tokens</dt>
            <dd>
              {g.meta.tokensIn ?? '?'} in / {g.meta.tokensOut ?? '?'} out
            </dd>
          </>
        )}
        {g.stories && (
          <>
            <dt>Stories</dt>
            <dd>{g.stories.length}</dd>
          </>
        )}
      </dl>
      {g.kind === 'implement' && g.markdown && <p className="implement-verdict">{g.markdown}</p>}
      {g.error && (
        <p className="field-error">
          {g.error.code}: {g.error.message}
        </p>
      )}
      {g.warnings.length > 0 && (
        <ul className="warnings" aria-label="Warnings">
          {g.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
      <ReadFiles grounding={g.grounding} />
      <details>
        <summary>{g.feedback ? 'Prompt and feedback' : 'Prompt'}</summary>
        <pre className="prompt-text">{g.prompt}</pre>
        {g.feedback && <pre className="prompt-text">{g.feedback}</pre>}
      </details>
      <button type="button" onClick={onRaw}>
        Show {rawOutputLabel(g.meta.provider)}
      </button>
      {/* A finished generation's stories can be reviewed again, e.g. when it ended after the tab was closed. */}
      {g.status !== 'running' && (g.stories?.length ?? 0) > 0 && (
        <button type="button" onClick={onReview}>
          Open in review
        </button>
      )}
    </li>
  );
}

/** Past prompts and generations, newest first, with their metadata; raw CLI lines open in Activity. */
export function HistoryPanel() {
  const failed = useLoadError('history') !== undefined;
  const {
    project,
    generations,
    historyLoaded: loaded,
    showRawLines,
    openInReview,
  } = useAppFields('project', 'generations', 'historyLoaded', 'showRawLines', 'openInReview');
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {project && <CostSummary />}
      {!project && <p className="hint">Open a project to see its history.</p>}
      {project && !loaded && <p className="muted">Loading…</p>}
      <ListLoadError list="history" what="the history" />
      {project && loaded && !failed && generations.length === 0 && (
        <p className="muted">No generations yet.</p>
      )}
      {generations.length > 0 && (
        <ol className="history" aria-label="Generations">
          {generations.map((g) => (
            <GenerationEntry
              key={g.id}
              g={g}
              onRaw={() => void showRawLines(g.id)}
              onReview={() => openInReview(g.id)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
