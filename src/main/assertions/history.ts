import type { AssertionHistory, AssertionResult, FirstPass } from '../../shared/assertions';

/** For each assertion id, the run (time and commit) in which it passed for the first time. */
export function firstPassed(history: AssertionHistory): Record<string, FirstPass> {
  const out: Record<string, FirstPass> = {};
  for (const run of history.runs) {
    for (const r of run.results) {
      if (r.status === 'pass' && !(r.assertionId in out))
        out[r.assertionId] = { at: run.startedAt, commit: run.commit };
    }
  }
  return out;
}

/** The most recent result of each assertion across the history (a "run one" only refreshes that one). */
export function latestResults(history: AssertionHistory): Record<string, AssertionResult> {
  const out: Record<string, AssertionResult> = {};
  for (const run of history.runs) for (const r of run.results) out[r.assertionId] = r;
  return out;
}
