import { useEffect, useMemo, useRef } from 'react';
import { LOG_LEVELS } from '../../../shared/log';
import { RawOutput } from '../components/RawOutput';
import { visibleLines } from '../store/selectors';
import { useAppFields } from '../store/StoreContext';
import { CheckboxToggles } from '../components/CheckboxToggles';
import { LiveLines } from './LiveLines';

/** A line's context as the panel shows it, e.g. "cliVersion 2.1.330 · why no StructuredOutput call". */
export function contextText(context: Record<string, unknown>): string {
  return Object.entries(context)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(' · ');
}

export function ActivityPanel() {
  const { lines, levelFilter, textFilter, setLevelVisible, setTextFilter } = useAppFields(
    'lines',
    'levelFilter',
    'textFilter',
    'setLevelVisible',
    'setTextFilter',
  );
  const shown = useMemo(
    () => visibleLines({ lines, levelFilter, textFilter }),
    [lines, levelFilter, textFilter],
  );
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight; // follow the newest line
  }, [shown.length]);

  return (
    <section className="panel activity" aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      <RawOutput />
      <LiveLines />
      <div className="row">
        <CheckboxToggles keys={LOG_LEVELS} checked={levelFilter} onToggle={setLevelVisible} />
        <input
          aria-label="Filter activity"
          placeholder="Filter…"
          value={textFilter}
          onChange={(e) => setTextFilter(e.target.value)}
        />
        <span className="muted" aria-live="polite">
          {shown.length} of {lines.length}
        </span>
      </div>
      <ol className="log" ref={listRef} aria-label="Activity lines">
        {shown.map((l) => (
          <li key={l.seq} className={`log-${l.level}`}>
            <time dateTime={l.time}>{new Date(l.time).toLocaleTimeString()}</time>
            <span className="level">{l.level}</span>
            <span className="scope">{l.scope}</span>
            <span className="message">{l.message}</span>
            {l.context && <span className="context">{contextText(l.context)}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
