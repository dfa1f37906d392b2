/** Plan revisions: appended, never replaced or renumbered (restore copies an old one as a new revision). */
import type { Plan, PlanRevision, SprintPlan } from '../../shared/plans';
import { ServiceError } from '../core/errors';

export type NewRevision = Omit<PlanRevision, 'number' | 'createdAt'>;

export function appendRevision(
  sprintId: string,
  existing: SprintPlan | undefined,
  next: NewRevision,
  at: Date,
): SprintPlan {
  const revisions = existing?.revisions ?? [];
  const number = revisions.reduce((max, r) => Math.max(max, r.number), 0) + 1;
  const revision: PlanRevision = { ...next, number, createdAt: at.toISOString() };
  // The approval names a revision; it stays recorded, but only counts while that revision is current.
  return {
    sprintId,
    revisions: [...revisions, revision],
    current: number,
    ...(existing?.approved ? { approved: existing.approved } : {}),
  };
}

export function findRevision(plan: SprintPlan, number: number): PlanRevision {
  const r = plan.revisions.find((x) => x.number === number);
  if (!r) throw new ServiceError('not_found', `This sprint's plan has no revision ${number}.`);
  return r;
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
