import type { FormEvent } from 'react';
import type { SprintDetail } from '../../../shared/plans';
import { describeRevision, withStoryTitles } from '../lib/planWords';
import { textDraft } from '../lib/drafts';
import { useDraftState } from '../lib/useDraft';
import { useApp } from '../store/StoreContext';
import { RevisionDiff } from './RevisionDiff';
import { RevisionHistory } from '../components/RevisionHistory';

interface Props {
  detail: SprintDetail;
  editable: boolean;
  titleOf(storyId: string): string;
}

/** Refine with feedback, the current revision's changelog and follow-ups, every revision, restore, diff. */
export function RevisionsPanel({ detail, editable, titleOf }: Props) {
  const busy = useApp((s) => s.sprintBusy !== null);
  const refine = useApp((s) => s.refinePlan);
  const restore = useApp((s) => s.restoreRevision);
  // Feedback not yet sent is a draft (`feedback:<sprint>`): a reload keeps it until a refine succeeds.
  const [feedback, setFeedback, clearDraft] = useDraftState(
    `feedback:${detail.sprint.id}`,
    textDraft,
    () => '',
  );
  const plan = detail.plan;
  const revisions = plan?.revisions ?? [];
  if (!plan) return null;

  const current = revisions.find((r) => r.number === plan.current);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (feedback.trim() === '' || busy) return;
    if (!(await refine(feedback.trim()))) return;
    setFeedback('');
    clearDraft();
  };

  return (
    <>
      {current && current.changelog.length > 0 && (
        <section className="plan-section" aria-labelledby="changelog-title">
          <h3 id="changelog-title">Changes in revision {current.number}</h3>
          <ul aria-label={`Changelog of revision ${current.number}`}>
            {current.changelog.map((c, i) => (
              <li key={i}>{withStoryTitles(c, detail)}</li>
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
        <RevisionHistory
          of="Plan"
          revisions={revisions}
          current={plan.current}
          describe={(r) => describeRevision(r, titleOf)}
          badges={(r) =>
            plan.approved?.revision === r.number && <span className="badge badge-pass">approved</span>
          }
          canRestore={editable && !busy}
          onRestore={(n) => void restore(n)}
          diff={(from, to) => <RevisionDiff from={from} to={to} titleOf={titleOf} />}
        />
      </section>
    </>
  );
}
