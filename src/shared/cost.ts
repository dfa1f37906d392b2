/** What the calls cost, rolled up per story and per sprint, and sprint budgets. */

export interface StoryCost {
  storyId: string;
  /** The story's share of the derive/modify rounds it was accepted from. */
  derivationUsd: number;
  /** Calls made for this story alone (a plan item, its RIS, its assertions). */
  directUsd: number;
  /** Its even share of calls made for a whole sprint it is in (analysis, plan, refinements, sprint assertions). */
  sharedUsd: number;
  totalUsd: number;
  /** Calls that contributed, and how many of them had no recorded cost (counted as 0). */
  calls: number;
  callsWithoutCost: number;
}

export interface SprintCost {
  sprintId: string;
  /** Calls recorded for the sprint: what its budget is measured against. */
  callsUsd: number;
  calls: number;
  callsWithoutCost: number;
  /** The calls plus the derivation share of the sprint's stories: everything it took to get them. */
  totalUsd: number;
  storyCount: number;
  verifiedCount: number;
  /** totalUsd / verifiedCount; null while no story of the sprint is verified. */
  costPerVerifiedUsd: number | null;
}

export interface CostRollup {
  stories: Record<string, StoryCost>;
  sprints: Record<string, SprintCost>;
  totalUsd: number;
  /** Calls linked to no story or sprint (plain prompts, rounds whose stories were all rejected). */
  unattributedUsd: number;
  verifiedCount: number;
  costPerVerifiedUsd: number | null;
}

/** What History shows: the project's spend, per sprint, and per verified story. */
export interface CostReport {
  totalUsd: number;
  unattributedUsd: number;
  verifiedCount: number;
  costPerVerifiedUsd: number | null;
  sprints: (SprintCost & { title: string; budgetUsd: number | null })[];
}

export type BudgetLevel = 'ok' | 'warning' | 'exceeded';

/** Share of the budget spent from which the user is warned. */
export const BUDGET_WARNING_FRACTION = 0.8;

export interface BudgetStatus {
  limitUsd: number;
  spentUsd: number;
  remainingUsd: number;
  /** spent / limit. */
  fraction: number;
  level: BudgetLevel;
}

/** "$0.0042" below a cent (a single call often costs less), "$12.35" otherwise. */
export function formatUsd(amount: number): string {
  const abs = Math.abs(amount);
  const digits = abs > 0 && abs < 0.01 ? 4 : 2;
  return `${amount < 0 ? '-' : ''}$${abs.toFixed(digits)}`;
}
