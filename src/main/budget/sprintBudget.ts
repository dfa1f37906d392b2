// Sprint budgets: a sprint may have a budget in USD. Each call of the sprint runs with what is left as the CLI's
// --max-budget-usd (the CLI stops itself there); a call that would start with nothing left is refused with a typed
// budget_exceeded naming the spend so far; from 80 % on, the user is warned. Pure.
import { BUDGET_WARNING_FRACTION, formatUsd, type BudgetStatus } from '../../shared/cost';
import type { BudgetExceededDetails } from '../../shared/errors';
import { ServiceError } from '../base/errors';

export type { BudgetExceededDetails };

/** A ServiceError, so its details cross IPC typed (see toIpcError). */
export class BudgetExceededError extends ServiceError<'budget_exceeded'> {
  override readonly name = 'BudgetExceededError';
  constructor(override readonly details: BudgetExceededDetails) {
    super(
      'budget_exceeded',
      `Sprint ${details.sprintId} has spent ${formatUsd(details.spentUsd)} of its ${formatUsd(details.limitUsd)} ` +
        'budget, so no new call was started. Raise the sprint’s budget (or remove it) to continue.',
      details,
    );
  }
}

/** The CLI's cost granularity is far below a cent; a cap is floored to 1/10000 $ so it never exceeds what is left. */
const CAP_STEP = 10_000;

export function budgetStatus(limitUsd: number, spentUsd: number): BudgetStatus {
  const remaining = Math.max(0, limitUsd - spentUsd);
  const fraction = limitUsd > 0 ? spentUsd / limitUsd : 1;
  const capped = Math.floor(remaining * CAP_STEP) / CAP_STEP;
  return {
    limitUsd,
    spentUsd,
    remainingUsd: capped,
    fraction,
    level: capped <= 0 ? 'exceeded' : fraction >= BUDGET_WARNING_FRACTION ? 'warning' : 'ok',
  };
}

export function budgetWarning(sprintId: string, status: BudgetStatus): string | null {
  if (status.level !== 'warning') return null;
  return (
    `Sprint ${sprintId} has used ${Math.floor(status.fraction * 100)} % of its budget ` +
    `(${formatUsd(status.spentUsd)} of ${formatUsd(status.limitUsd)}; ${formatUsd(status.remainingUsd)} left).`
  );
}

export interface CallAllowance {
  /** The CLI's --max-budget-usd for this call; null when the sprint has no budget. */
  maxBudgetUsd: number | null;
  /** Set from 80 % of the budget on. */
  warning: string | null;
}

/**
 * Whether a call of the sprint may start, and with what cap. `spentUsd` is what the sprint's recorded calls cost.
 * Calls running side by side each get what is left when they start, so together they may pass the budget by
 * at most what the others were still to spend; the next call is then refused.
 */
export function allowCall(
  sprintId: string,
  limitUsd: number | null | undefined,
  spentUsd: number,
): CallAllowance {
  if (limitUsd === null || limitUsd === undefined) return { maxBudgetUsd: null, warning: null };
  const status = budgetStatus(limitUsd, spentUsd);
  if (status.level === 'exceeded') throw new BudgetExceededError({ sprintId, limitUsd, spentUsd });
  return { maxBudgetUsd: status.remainingUsd, warning: budgetWarning(sprintId, status) };
}

/** The flags that hand the cap to the Claude Code CLI. */
export function maxBudgetArgs(allowance: CallAllowance): string[] {
  return allowance.maxBudgetUsd === null ? [] : ['--max-budget-usd', String(allowance.maxBudgetUsd)];
}

/** A budget as entered: a positive number of dollars, or null to remove it. */
export function parseBudget(input: unknown): number | null {
  if (input === null || input === '' || input === undefined) return null;
  const n = typeof input === 'number' ? input : Number(String(input).trim().replace(/^\$/, ''));
  if (!Number.isFinite(n) || n <= 0)
    throw new RangeError(`A budget is a positive amount in USD, not ${String(input)}.`);
  return n;
}
