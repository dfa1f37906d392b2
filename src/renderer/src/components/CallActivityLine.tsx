import { useEffect, useState } from 'react';
import { describeActivity, type CallActivity } from '../../../shared/activity';

/** What one call is doing, with its own clock while it runs (turn, tools, retry and its wait, tokens, elapsed). */
export function CallActivityLine({ activity, label }: { activity: CallActivity; label?: string }) {
  const running = activity.phase !== 'finished';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const elapsed = running
    ? Math.max(activity.elapsedMs, now - Date.parse(activity.startedAt))
    : activity.elapsedMs;
  return (
    <p
      className="muted call-activity"
      data-phase={activity.phase}
      aria-label={`Activity of ${activity.label}`}
    >
      {label && <strong>{label}: </strong>}
      {describeActivity(activity, elapsed)}
    </p>
  );
}
