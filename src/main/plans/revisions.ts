/** Plan revisions: appended, never replaced or renumbered (restore copies an old one as a new revision). */
import type { Plan, PlanRevision, SprintPlan } from '../../shared/plans';
import { appendNumbered, findNumbered, type NewNumbered } from '../store/revisionLog';

export type NewRevision = NewNumbered<PlanRevision>;

export function appendRevision(
  sprintId: string,
  existing: SprintPlan | undefined,
  next: NewRevision,
  at: Date,
): SprintPlan {
  const { revisions, number } = appendNumbered(existing?.revisions ?? [], next, at);
  // The approval names a revision; it stays recorded, but only counts while that revision is current.
  return {
    sprintId,
    revisions,
    current: number,
    ...(existing?.approved ? { approved: existing.approved } : {}),
  };
}

export function findRevision(plan: SprintPlan, number: number): PlanRevision {
  return findNumbered(plan.revisions, number, "This sprint's plan");
}

export function currentRevision(plan: SprintPlan): PlanRevision {
  return findRevision(plan, plan.current);
}

export function currentPlan(plan: SprintPlan): Plan {
  return currentRevision(plan).plan;
}

/** Approved means: approved, and no revision was made since. */
export function isApproved(plan: SprintPlan | null | undefined): boolean {
  return Boolean(plan?.approved && plan.approved.revision === plan.current);
}
