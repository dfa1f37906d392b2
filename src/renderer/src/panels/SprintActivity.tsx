import { useMemo } from 'react';
import { CallActivityLine } from '../components/CallActivityLine';
import { useApp } from '../store/StoreContext';

/** Every model call of the sprint still running (a plan step, each specs call): what it is doing, live. */
export function SprintActivity({ sprintId }: { sprintId: string }) {
  const calls = useApp((s) => s.callActivity);
  const running = useMemo(
    () => Object.values(calls).filter((c) => c.sprintId === sprintId && c.phase !== 'finished'),
    [calls, sprintId],
  );
  if (running.length === 0) return null;
  return (
    <section aria-label="Running calls" className="sprint-activity" aria-live="polite">
      {running.map((c) => (
        <CallActivityLine key={c.callId} activity={c} label={c.label} />
      ))}
    </section>
  );
}
