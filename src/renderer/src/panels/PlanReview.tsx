import { useMemo } from 'react';
import { checkPlanGraph, topologicalOrder } from '../../../shared/planGraph';
import type { Plan, PlanRevision, SprintDetail } from '../../../shared/plans';
import { useApp } from '../store/StoreContext';
import { ApproveBar } from './ApproveBar';
import { DependencyView } from './DependencyView';
import { PlanItemCard } from './PlanItemCard';
import { describeRevision, storyTitle } from '../lib/planWords';
import { RevisionsPanel } from './RevisionsPanel';
import { ReadFiles } from '../components/ReadFiles';

export function currentRevision(detail: SprintDetail): PlanRevision | undefined {
  const plan = detail.plan;
  return plan?.revisions.find((r) => r.number === plan.current) ?? plan?.revisions.at(-1);
}

function PlanExtras({ plan, titleOf }: { plan: Plan; titleOf(id: string): string }) {
  return (
    <>
      <section className="plan-section" aria-labelledby="shared-title">
        <h3 id="shared-title">Shared components</h3>
        {plan.sharedComponents.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul aria-label="Shared components">
            {plan.sharedComponents.map((c) => (
              <li key={c.path}>
                <code>{c.path}</code> — {c.purpose}{' '}
                <span className="muted">(used by {c.usedBy.map(titleOf).join(', ') || 'no story'})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="plan-section" aria-labelledby="risks-title">
        <h3 id="risks-title">Risks</h3>
        {plan.risks.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul aria-label="Risks">
            {plan.risks.map((r, i) => (
              <li key={i}>
                <span className={`badge complexity-${r.impact}`}>{r.impact} impact</span> {r.description}
                <br />
                <span className="muted">Mitigation: {r.mitigation}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="plan-section" aria-labelledby="order-title">
        <h3 id="order-title">Implementation order</h3>
        <ol aria-label="Implementation order">
          {plan.implementationOrder.map((id, i) => (
            <li key={`${i}-${id}`}>{titleOf(id)}</li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** The current revision of the plan: items with inline checks, dependencies, extras, approval, refinement. */
export function PlanReview({ detail, editable }: { detail: SprintDetail; editable: boolean }) {
  const busy = useApp((s) => s.sprintBusy !== null);
  const regenerateItem = useApp((s) => s.regenerateItem);
  const revision = currentRevision(detail);
  const plan = revision?.plan;
  const checks = detail.checks && detail.checks.revision === revision?.number ? detail.checks : null;
  const storyIds = detail.sprint.storyIds;
  // Main's checks are authoritative; until they arrive for this revision the same pure check runs here.
  const graph = useMemo(
    () => checks?.graph ?? (plan ? checkPlanGraph(plan, storyIds) : []),
    [checks, plan, storyIds],
  );
  const order = useMemo(() => (plan ? topologicalOrder(plan) : null), [plan]);
  if (!detail.plan || !revision || !plan) return null;

  const titleOf = (id: string) => storyTitle(detail, id);
  const files = checks?.files ?? [];
  const items = [...plan.planItems].sort((a, b) => a.order - b.order);
  return (
    <section className="panel plan-review" aria-labelledby="plan-title">
      <h2 id="plan-title">
        Plan{' '}
        <span className="muted">
          · revision {revision.number} ({describeRevision(revision, (id) => storyTitle(detail, id))})
        </span>
      </h2>
      <p className="muted" role="status" aria-label="Plan checks">
        {checks
          ? `${graph.length} dependency issue(s), ${files.length} file mismatch(es)`
          : 'File checks for this revision are not available yet.'}
      </p>
      <ReadFiles grounding={revision.grounding} />
      <ol className="plan-items" aria-label="Plan items">
        {items.map((item) => (
          <PlanItemCard
            key={`${revision.number}-${item.storyId}-${item.order}`}
            item={item}
            storyTitle={titleOf(item.storyId)}
            titleOf={titleOf}
            fileIssues={files.filter((f) => f.storyId === item.storyId)}
            graphIssues={graph.filter((g) => g.storyIds.includes(item.storyId))}
            canRegenerate={editable && !busy}
            onRegenerate={(feedback) => regenerateItem(item.storyId, feedback || undefined)}
          />
        ))}
      </ol>
      <DependencyView plan={plan} issues={graph} order={order} titleOf={titleOf} />
      <PlanExtras plan={plan} titleOf={titleOf} />
      <ApproveBar
        detail={detail}
        revision={revision.number}
        graphIssues={graph.length}
        fileIssues={files.length}
        checked={checks !== null}
        editable={editable}
      />
      <RevisionsPanel detail={detail} editable={editable} titleOf={titleOf} />
    </section>
  );
}
