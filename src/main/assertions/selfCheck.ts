// "Assertions that prove themselves": a fresh assertion must fail before the story is implemented (otherwise it cannot
// tell done from not done), and every acceptance criterion needs at least one assertion.
import type {
  AssertionRun,
  CoverageReport,
  CriterionCoverage,
  CriterionRef,
  DiscriminationCheck,
} from '../../shared/assertions';
import type { EvaluateOptions } from './context';
import type { RawAssertion } from './evaluate';

export interface DiscriminationReport {
  run: AssertionRun;
  checks: DiscriminationCheck[];
  /** Ids of the assertions that already pass and so prove nothing. */
  notDiscriminating: string[];
}

/**
 * Evaluate freshly generated assertions against the code as it is *before* implementation. One that passes is
 * flagged `notDiscriminating`; one that errors is not flagged but its reason says why it needs fixing.
 */
export async function checkDiscriminating(
  projectDir: string,
  assertions: readonly RawAssertion[],
  options: EvaluateOptions = {},
): Promise<DiscriminationReport> {
  // The evaluators (TypeScript, postcss, css-tree) load on first use: `coverage` callers never need them.
  const { evaluateAssertions } = await import('./evaluate');
  const run = await evaluateAssertions(projectDir, assertions, options);
  const checks = run.results.map((r) => ({
    assertionId: r.assertionId,
    status: r.status,
    reason:
      r.status === 'pass'
        ? `already passes before implementation (${r.reason}); it cannot show the story was done`
        : r.status === 'error'
          ? `cannot be evaluated: ${r.reason}`
          : `fails before implementation as expected (${r.reason})`,
    notDiscriminating: r.status === 'pass',
  }));
  return {
    run,
    checks,
    notDiscriminating: checks.filter((c) => c.notDiscriminating).map((c) => c.assertionId),
  };
}

function normalizeText(s: string): string {
  return s
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.;:]$/, '')
    .toLowerCase();
}

/** Index of the criterion a reference names: a 0-based number, "AC<n>"/"#<n>"/"<n>" (1-based), or the text. */
export function criterionIndex(
  ref: CriterionRef | undefined,
  criteria: readonly string[],
): number | undefined {
  if (ref === undefined) return undefined;
  if (typeof ref === 'number')
    return Number.isInteger(ref) && ref >= 0 && ref < criteria.length ? ref : undefined;
  const numbered = /^(?:AC|#|criterion\s*)?\s*(\d+)$/i.exec(ref.trim());
  if (numbered) {
    const i = Number(numbered[1]) - 1;
    return i >= 0 && i < criteria.length ? i : undefined;
  }
  const want = normalizeText(ref);
  const i = criteria.findIndex((c) => normalizeText(c) === want);
  return i === -1 ? undefined : i;
}

/** Maps each acceptance criterion to the assertions that reference it and lists the criteria nothing covers. */
export function coverage(
  criteria: readonly string[],
  assertions: readonly Pick<RawAssertion, 'id' | 'criterion'>[],
): CoverageReport {
  const rows: CriterionCoverage[] = criteria.map((text, index) => ({ index, text, assertionIds: [] }));
  const unlinked: string[] = [];
  for (const a of assertions) {
    const i = criterionIndex(a.criterion, criteria);
    if (i === undefined) unlinked.push(a.id);
    else rows[i]!.assertionIds.push(a.id);
  }
  return {
    criteria: rows,
    uncovered: rows.filter((r) => r.assertionIds.length === 0).map((r) => r.index),
    unlinked,
  };
}
