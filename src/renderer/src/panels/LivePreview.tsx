import { useEffect, useState } from 'react';
import { formatCost, formatElapsed, plural } from '../lib/format';
import { CallActivityLine } from '../components/CallActivityLine';
import { engineFor } from '../lib/engineWords';
import { useApp } from '../store/StoreContext';
import type { RunningGeneration } from '../store/types';
import type { WorkflowName } from '../../../shared/workflows';

const HEADING: Record<RunningGeneration['request']['kind'], string> = {
  derive: 'Generating',
  modify: 'Applying your changes',
  regenerate: 'Regenerating one story',
};

/** The workflow a Prompt panel run goes through, for the engine it uses. */
function workflowOf(r: RunningGeneration['request']): WorkflowName {
  if (r.kind === 'derive') return r.deriveStories ? 'deriveStories' : 'plainPrompt';
  return r.kind === 'modify' ? 'modifyStories' : 'regenerateStory';
}

function statusText(running: RunningGeneration, cli: boolean): string {
  const p = running.progress;
  const r = running.request;
  const wantsStories = r.kind !== 'derive' || r.deriveStories;
  const parts: string[] = [];
  if (running.cancelling) parts.push('Cancelling…');
  // Queued with a message: what happens before the engine starts (e.g. the project's map being built).
  else if (!p || p.phase === 'queued')
    parts.push(p?.message ?? (cli ? 'Waiting for the CLI…' : 'Waiting for the engine…'));
  else if (p.phase === 'retrying')
    parts.push(p.retryInSeconds !== undefined ? `retrying in ${p.retryInSeconds} s` : 'retrying');
  else parts.push(wantsStories ? 'Generating stories' : 'Generating the answer');
  if (wantsStories) parts.push(`${plural(p?.stories.length ?? 0, 'story', 'stories')} so far`);
  if (p?.costUsd !== null && p?.costUsd !== undefined) parts.push(`cost ${formatCost(p.costUsd)}`);
  return parts.join(' · ');
}

/** The running generation: a progress line and the stories complete so far, as they arrive. */
export function LivePreview() {
  const running = useApp((s) => s.running);
  const activity = useApp((s) => (s.running ? s.callActivity[s.running.id] : undefined));
  const engines = useApp((s) => s.settings?.engines);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);
  if (!running) return null;
  const p = running.progress;
  const elapsed = Math.max(p?.elapsedMs ?? 0, now - running.startedAt);
  const stories = p?.stories ?? [];
  return (
    <section className="panel preview" aria-labelledby="preview-title" aria-busy="true">
      <h2 id="preview-title">{HEADING[running.request.kind]}</h2>
      <p className="progress-line">
        <span className="elapsed" aria-label="Elapsed time">
          {formatElapsed(elapsed)}
        </span>
        {' · '}
        <span aria-live="polite" data-testid="progress-status">
          {statusText(running, engineFor(engines, workflowOf(running.request)).provider === 'claude-cli')}
        </span>
      </p>
      {activity && <CallActivityLine activity={activity} />}
      {p?.message && <p className="muted">{p.message}</p>}
      {stories.length > 0 && (
        <ol className="preview-stories" aria-label="Stories so far">
          {stories.map((st, i) => (
            <li key={i}>
              <strong>{st.title}</strong>
              {st.description && <p>{st.description}</p>}
              {st.acceptanceCriteria.length > 0 && (
                <ul>
                  {st.acceptanceCriteria.map((c, j) => (
                    <li key={j}>{c}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
