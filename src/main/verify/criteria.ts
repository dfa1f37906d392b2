// Which acceptance criteria are proven at the current commit: a criterion counts only when at least one assertion
// names it and every assertion that names it passes now. A criterion nothing checks is never proven.
import type { AssertionResult, CriterionRef } from '../../shared/assertions';
import { criterionIndex } from '../assertions/selfCheck';

export interface CriterionProof {
  text: string;
  assertionIds: string[];
  proven: boolean;
}

export function proveCriteria(
  criteria: readonly string[],
  assertions: readonly { id: string; criterion?: CriterionRef }[],
  results: readonly AssertionResult[],
): CriterionProof[] {
  const status = new Map(results.map((r) => [r.assertionId, r.status]));
  const rows: CriterionProof[] = criteria.map((text) => ({ text, assertionIds: [], proven: false }));
  for (const a of assertions) {
    const i = criterionIndex(a.criterion, criteria);
    if (i !== undefined) rows[i]!.assertionIds.push(a.id);
  }
  for (const row of rows)
    row.proven = row.assertionIds.length > 0 && row.assertionIds.every((id) => status.get(id) === 'pass');
  return rows;
}
