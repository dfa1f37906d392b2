import { useEffect, useState, type FormEvent } from 'react';
import { BUDGET_WARNING_FRACTION } from '../../../shared/cost';
import type { Sprint } from '../../../shared/plans';
import { formatCost } from '../lib/format';
import { useAppFields } from '../store/StoreContext';

/**
 * A sprint's budget in USD: what its model calls may cost in all. Each call runs with what is left as the CLI's
 * limit; past it no call starts; from 80 % the line turns into a warning.
 */
export function SprintBudget({ sprint, disabled }: { sprint: Sprint; disabled: boolean }) {
  const { costs, loadCosts, updateSprint } = useAppFields('costs', 'loadCosts', 'updateSprint');
  const [draft, setDraft] = useState(sprint.budgetUsd ? String(sprint.budgetUsd) : '');
  useEffect(() => {
    void loadCosts();
  }, [loadCosts, sprint.id, sprint.updatedAt]);
  const spent = costs?.sprints.find((s) => s.sprintId === sprint.id)?.callsUsd ?? 0;
  const limit = sprint.budgetUsd ?? null;
  const fraction = limit ? spent / limit : 0;
  const level =
    limit === null
      ? 'none'
      : fraction >= 1
        ? 'spent'
        : fraction >= BUDGET_WARNING_FRACTION
          ? 'warning'
          : 'ok';

  const save = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(draft.trim().replace(/^\$/, ''));
    void updateSprint(sprint.id, { budgetUsd: draft.trim() === '' ? null : value });
  };
  return (
    <form className="row sprint-budget" aria-label="Sprint budget" onSubmit={save}>
      <label className="inline">
        Budget (USD){' '}
        <input
          inputMode="decimal"
          value={draft}
          placeholder="no limit"
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={draft.trim() !== '' && !(Number(draft.trim().replace(/^\$/, '')) > 0)}
        />
      </label>
      <button type="submit" disabled={disabled}>
        Save budget
      </button>
      <span
        role={level === 'warning' || level === 'spent' ? 'alert' : undefined}
        className={`muted budget-${level}`}
        data-testid="budget-line"
      >
        {limit === null
          ? `Spent ${formatCost(spent)} so far (no budget).`
          : level === 'spent'
            ? `Spent ${formatCost(spent)} of ${formatCost(limit)}: the budget is used up, no model call will start.`
            : `Spent ${formatCost(spent)} of ${formatCost(limit)} (${Math.floor(fraction * 100)} %).`}
      </span>
    </form>
  );
}
