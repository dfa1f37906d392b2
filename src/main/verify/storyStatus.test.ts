import { describe, expect, it } from 'vitest';
import type { AssertionResult, AssertionRun, AssertionStatus } from '../../shared/assertions';
import { countVerdicts, describeLastPass, lastPassOf, verifyStory } from './storyStatus';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

function result(assertionId: string, status: AssertionStatus): AssertionResult {
  return { assertionId, status, reason: `${assertionId} ${status}`, durationMs: 1 };
}

function run(commit: string | null, at: string, results: AssertionResult[]): AssertionRun {
  return {
    startedAt: at,
    durationMs: 1,
    commit,
    results,
    summary: { total: 0, passed: 0, failed: 0, errors: 0 },
  };
}

const assertions = [
  { id: 'x', message: 'exports x' },
  { id: 'y', message: 'has y' },
];

/** Story "s" with the two assertions above, this run's results and the runs before it. */
function verify(results: AssertionResult[], earlierRuns: AssertionRun[] = []) {
  return verifyStory({ id: 's', title: 'S', assertions, results, earlierRuns });
}

describe('verifyStory', () => {
  it('is unspecified without assertions and verified when all pass', () => {
    expect(verifyStory({ id: 's', title: 'S', assertions: [], results: [], earlierRuns: [] }).status).toBe(
      'unspecified',
    );
    const v = verify([result('x', 'pass'), result('y', 'pass')]);
    expect(v.status).toBe('verified');
    expect(v.summary).toEqual({ total: 2, passed: 2, failed: 0, errors: 0 });
  });

  it('is failing when an assertion fails that never passed', () => {
    const v = verify([result('x', 'pass'), result('y', 'fail')], [run(A, 't1', [result('y', 'fail')])]);
    expect(v.status).toBe('failing');
    expect(v.regressions).toEqual([]);
  });

  it('is regressed when a failing or erroring assertion passed before, naming the last commit it passed at', () => {
    const v = verify(
      [result('x', 'error'), result('y', 'fail')],
      [
        run(A, 't1', [result('x', 'pass'), result('y', 'fail')]),
        run(B, 't2', [result('x', 'pass')]),
        run(B, 't3', [result('x', 'fail')]),
      ],
    );
    expect(v.status).toBe('regressed');
    expect(v.regressions).toEqual([
      {
        storyId: 's',
        assertionId: 'x',
        message: 'exports x',
        lastPassedCommit: B,
        lastPassedAt: 't2',
        reason: 'x error',
      },
    ]);
  });
});

describe('helpers', () => {
  it('lastPassOf is null for an assertion that never passed', () => {
    expect(lastPassOf([run(A, 't', [result('x', 'fail')])], 'x')).toBeNull();
  });

  it('countVerdicts counts each verdict, zero for the absent ones', () => {
    expect(countVerdicts([{ status: 'verified' }, { status: 'verified' }, { status: 'regressed' }])).toEqual({
      verified: 2,
      failing: 0,
      regressed: 1,
      unspecified: 0,
    });
  });

  it('describeLastPass names a short commit or a run outside git', () => {
    expect(describeLastPass({ lastPassedCommit: A, lastPassedAt: 't' })).toBe('commit aaaaaaaaaaaa (t)');
    expect(describeLastPass({ lastPassedCommit: null, lastPassedAt: 't' })).toBe('a run outside git (t)');
  });
});
