import { describe, expect, it } from 'vitest';
import type { AssertionResult, AssertionStatus } from '../../shared/assertions';
import { proveCriteria } from './criteria';

const r = (assertionId: string, status: AssertionStatus): AssertionResult => ({
  assertionId,
  status,
  reason: '',
  durationMs: 0,
});

describe('proveCriteria', () => {
  const criteria = ['Loads the file', 'Shows an error', 'Remembers the path'];
  const assertions = [
    { id: 'a', criterion: 'AC1' },
    { id: 'b', criterion: 0 },
    { id: 'c', criterion: 'shows an error.' },
    { id: 'd' },
  ];

  it('proves a criterion only when every assertion naming it passes, and never one that nothing checks', () => {
    const rows = proveCriteria(criteria, assertions, [
      r('a', 'pass'),
      r('b', 'pass'),
      r('c', 'fail'),
      r('d', 'pass'),
    ]);
    expect(rows).toEqual([
      { text: 'Loads the file', assertionIds: ['a', 'b'], proven: true },
      { text: 'Shows an error', assertionIds: ['c'], proven: false },
      { text: 'Remembers the path', assertionIds: [], proven: false },
    ]);
  });

  it('an error or a missing result does not prove anything', () => {
    const rows = proveCriteria(criteria, assertions, [r('a', 'pass'), r('b', 'error')]);
    expect(rows.map((x) => x.proven)).toEqual([false, false, false]);
  });
});
