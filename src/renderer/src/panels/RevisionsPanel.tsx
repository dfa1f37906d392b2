import { useState, type FormEvent } from 'react';
import type { PlanRevision, RevisionKind, SprintDetail } from '../../../shared/plans';
import { useApp } from '../store/StoreContext';
import { RevisionDiff } from './RevisionDiff';
import { ColumnHeads } from '../components/ColumnHeads';

export const REVISION_KIND_LABEL: Record<RevisionKind, string> = {
  generated: 'generated',
  refined: 'refined',
  item_regenerated: 'item regenerated',
  restored: 'restored',
};

function describe(r: PlanRevision, titleOf: (id: string) => string): string {
  if (r.kind === 'restored' && r.restoredFrom) return `restored from ${r.restoredFrom}`;
  if (r.kind === 'item_regenerated' && r.regeneratedStoryId)
    return `item regenerated: ${titleOf(r.regeneratedStoryId)}`;
  return REVISION_KIND_LABEL[r.kind];
}

interface Props {
  detail: SprintDetail;
  editable: boolean;
  titleOf(storyId: string): string;
}

/** Picks one of the plan's revisions by number (the two ends of a diff). */
function RevisionSelect(props: {
  id: string;
  label: string;
  value: number;
  revisions: readonly PlanRevision[];
  onPick: (revision: number) => void;
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onPick(Number(e.target.value))}>
        {props.revisions.map((r) => (
          <option key={r.number} value={r.number}>
            {r.number}
          </option>
        ))}
      </select>
    </>
  );
}

/** Refine with feedback, the current revision's changelog and follow-ups, every revision, restore, diff. */
export function RevisionsPanel({ detail, editable, titleOf }: Props) {
  const busy = useApp((s) => s.sprintBusy !== null);
  const refine = useApp((s) => s.refinePlan);
  const restore = useApp((s) => s.restoreRevision);
  const [feedback, setFeedback] = useState('');
  const plan = detail.plan;
  const revisions = plan?.revisions ?? [];
  const latest = revisions.at(-1)?.number ?? 0;
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  if (!plan) return null;

  const current = revisions.find((r) => r.number === plan.current);
  // Defaults follow the newest revisions until the user picks others.
  const toN = to ?? plan.current;
  const fromN = from ?? revisions.filter((r) => r.number < toN).at(-1)?.number ?? toN;
  const fromRev = revisions.find((r) => r.number === fromN);
  const toRev = revisions.find((r) => r.number === toN);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (feedback.trim() === '' || busy) return;
    if (await refine(feedback.trim())) {
      setFeedback('');
      setFrom(null);
      setTo(null);
    }
  };

  return (
    <>
      {current && current.changelog.length > 0 && (
        <section className="plan-section" aria-labelledby="changelog-title">
          <h3 id="changelog-title">Changes in revision {current.number}</h3>
          <ul aria-label={`Changelog of revision ${current.number}`}>
            {current.changelog.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
        </section>
      )}
      {current && current.followUpQuestions.length > 0 && (
        <section className="plan-section" aria-labelledby="followups-title">
          <h3 id="followups-title">Follow-up questions</h3>
          <ul aria-label="Follow-up questions">
            {current.followUpQuestions.map((q, i) => (
              <li key={i}>
                <strong>{titleOf(q.storyId)}:</strong> {q.question}{' '}
                <span className="muted">— {q.reason}</span>
              </li>
            ))}
          </ul>
          <p className="muted">Answer them in your feedback below.</p>
        </section>
      )}
      <form className="plan-section refine-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor="plan-feedback">Feedback on the plan</label>
        <textarea
          id="plan-feedback"
          rows={3}
          value={feedback}
          disabled={!editable}
          onChange={(e) => setFeedback(e.target.value)}
          placeholder="What should change? Every revision is kept."
        />
        <div className="row">
          <button type="submit" disabled={!editable || busy || feedback.trim() === ''}>
            Refine plan
          </button>
        </div>
      </form>
      <section className="plan-section" aria-labelledby="revisions-title">
        <h3 id="revisions-title">Revisions</h3>
        <table aria-label="Plan revisions" className="revisions-table">
          <ColumnHeads names={['Revision', 'Kind', 'Created', 'Action']} />
          <tbody>
            {[...revisions].reverse().map((r) => (
              <tr key={r.number} aria-current={r.number === plan.current ? 'true' : undefined}>
                <td>
                  {r.number}
                  {r.number === plan.current && <span className="badge">current</span>}
                  {plan.approved?.revision === r.number && <span className="badge badge-pass">approved</span>}
                </td>
                <td>{describe(r, titleOf)}</td>
                <td>{new Date(r.createdAt).toLocaleString()}</td>
                <td>
                  {r.number !== plan.current && (
                    <button type="button" disabled={!editable || busy} onClick={() => void restore(r.number)}>
                      Restore revision {r.number}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {latest > 1 && (
          <div className="row diff-pickers">
            <RevisionSelect
              id="diff-from"
              label="Compare revision"
              value={fromN}
              revisions={revisions}
              onPick={setFrom}
            />
            <RevisionSelect
              id="diff-to"
              label="with revision"
              value={toN}
              revisions={revisions}
              onPick={setTo}
            />
          </div>
        )}
        {latest > 1 && fromRev && toRev && <RevisionDiff from={fromRev} to={toRev} titleOf={titleOf} />}
      </section>
    </>
  );
}
