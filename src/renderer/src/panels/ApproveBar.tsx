import type { SprintDetail } from '../../../shared/plans';
import { plural } from '../lib/format';
import { useApp } from '../store/StoreContext';

interface Props {
  detail: SprintDetail;
  revision: number;
  graphIssues: number;
  fileIssues: number;
  /** Main's checks exist for this revision. */
  checked: boolean;
  editable: boolean;
}

/** Approve: refused while the dependency graph has issues; file mismatches need an explicit confirmation. */
export function ApproveBar({ detail, revision, graphIssues, fileIssues, checked, editable }: Props) {
  const busy = useApp((s) => s.sprintBusy !== null);
  const approve = useApp((s) => s.approvePlan);
  const approved = detail.plan?.approved;
  const approvedThis = approved?.revision === revision;
  const blocked = graphIssues > 0;
  const onlyFiles = !blocked && fileIssues > 0;
  const disabled = busy || !editable || approvedThis;

  return (
    <section className="plan-section approve-bar" aria-labelledby="approve-title">
      <h3 id="approve-title">Approval</h3>
      {approved && (
        <p role="status" className={approvedThis ? 'ok-text' : 'muted'}>
          {approvedThis
            ? `Approved: revision ${approved.revision}, ${new Date(approved.at).toLocaleString()}.`
            : `Revision ${approved.revision} was approved; the current revision ${revision} is not.`}
        </p>
      )}
      {!approvedThis && (
        <>
          {blocked && (
            <p className="field-error" id="approve-why">
              {plural(graphIssues, 'dependency issue')} must be fixed before approval: refine the plan or
              regenerate the items concerned.
            </p>
          )}
          {onlyFiles && (
            <p className="warnings" id="approve-why">
              {plural(fileIssues, 'file mismatch', 'file mismatches')} with the project folder (shown on the
              items). Fix them by refining, or approve anyway if the plan is right and the folder will catch
              up.
            </p>
          )}
          {!checked && <p className="muted">Main checks the plan again when you approve.</p>}
          <div className="row">
            <button
              type="button"
              className="primary"
              disabled={disabled || blocked || onlyFiles}
              aria-describedby={blocked || onlyFiles ? 'approve-why' : undefined}
              onClick={() => void approve(false)}
            >
              Approve plan
            </button>
            {onlyFiles && (
              <button type="button" disabled={disabled} onClick={() => void approve(true)}>
                Approve anyway (file mismatches)
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
