// A sprint's budget as the plan journey's calls meet it: its limit from the sprint record and what the sprint's
// recorded calls cost so far (their history records), read fresh before every call.
import type { Generation } from '../../shared/stories';
import { requireSprint, type PlanProject } from './sprintDetail';

export interface SprintBudgetFacts {
  limitUsd: number | null;
  spentUsd: number;
}

/** What the sprint's recorded calls cost (a call without a recorded cost counts 0). */
export function spentBy(records: readonly Pick<Generation, 'sprintId' | 'meta'>[], sprintId: string): number {
  return records.reduce((sum, g) => sum + (g.sprintId === sprintId ? (g.meta.costUsd ?? 0) : 0), 0);
}

/** The budget facts of a sprint of the opened project, read fresh before each call. */
export function sprintBudget(p: PlanProject, sprintId: string): () => Promise<SprintBudgetFacts> {
  return async () => {
    const [sprint, records] = await Promise.all([requireSprint(p, sprintId), p.store.history.list()]);
    return { limitUsd: sprint.budgetUsd ?? null, spentUsd: spentBy(records, sprintId) };
  };
}
