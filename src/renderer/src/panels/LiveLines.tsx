import { useEffect, useRef } from 'react';
import { useAppFields } from '../store/StoreContext';

/** How many of the live lines the panel shows (the store keeps more, History keeps all). */
const SHOWN = 300;

/** The raw engine lines of running calls as they arrive, not only from History afterwards. */
export function LiveLines() {
  const { liveLines, liveSkipped } = useAppFields('liveLines', 'liveSkipped');
  const listRef = useRef<HTMLOListElement>(null);
  const shown = liveLines.slice(-SHOWN);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight; // follow the newest line
  }, [liveLines]);
  if (liveLines.length === 0) return null;
  return (
    <details className="live-lines" open>
      <summary>
        Live engine lines ({liveLines.length}
        {liveSkipped > 0 ? `; ${liveSkipped} not shown while streaming, History keeps them` : ''})
      </summary>
      <ol className="log raw-lines" ref={listRef} aria-label="Live engine lines">
        {shown.map((l) => (
          <li key={l.seq}>
            <span className="scope">{l.label}</span> <code>{l.line}</code>
          </li>
        ))}
      </ol>
    </details>
  );
}
