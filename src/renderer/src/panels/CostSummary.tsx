import { useEffect } from 'react';
import { formatCost } from '../lib/format';
import { useAppFields } from '../store/StoreContext';

/** History's cost line: everything the calls cost, per verified story, and per sprint against its budget. */
export function CostSummary() {
  const { project, costs, loadCosts, generations } = useAppFields(
    'project',
    'costs',
    'loadCosts',
    'generations',
  );
  const historyCount = generations.length;

  // Again whenever a call is recorded: its cost joins the totals.
  useEffect(() => {
    if (project) void loadCosts();
  }, [project, loadCosts, historyCount]);
  if (!costs) return null;
  return (
    <div className="cost-summary" data-testid="cost-summary">
      <p>
        All calls {formatCost(costs.totalUsd)} · {costs.verifiedCount} verified{' '}
        {costs.verifiedCount === 1 ? 'story' : 'stories'}
        {costs.costPerVerifiedUsd !== null && (
          <> · {formatCost(costs.costPerVerifiedUsd)} per verified story</>
        )}
      </p>
      {costs.sprints.length > 0 && (
        <ul className="muted" aria-label="Cost per sprint">
          {costs.sprints.map((s) => (
            <li key={s.sprintId}>
              {s.title}: {formatCost(s.callsUsd)}
              {s.budgetUsd !== null && <> of {formatCost(s.budgetUsd)} budget</>}
              {s.costPerVerifiedUsd !== null && <> · {formatCost(s.costPerVerifiedUsd)} per verified story</>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
