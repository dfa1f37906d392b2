import { describe, expect, it } from 'vitest';
import { toIpcError } from '../base/errors';
import { allowCall, BudgetExceededError, budgetStatus, maxBudgetArgs, parseBudget } from './sprintBudget';

describe('allowCall', () => {
  it('passes no cap and no warning when the sprint has no budget', () => {
    const a = allowCall('S', null, 123);
    expect(a).toEqual({ maxBudgetUsd: null, warning: null });
    expect(maxBudgetArgs(a)).toEqual([]);
  });

  it('gives a call what is left as --max-budget-usd, floored so it never exceeds it', () => {
    const a = allowCall('S', 10, 2.123456);
    expect(a).toEqual({ maxBudgetUsd: 7.8765, warning: null });
    expect(maxBudgetArgs(a)).toEqual(['--max-budget-usd', '7.8765']);
  });

  it('warns from 80 % of the budget on', () => {
    expect(allowCall('S', 10, 7.99).warning).toBeNull();
    expect(allowCall('S', 10, 8).warning).toBe(
      'Sprint S has used 80 % of its budget ($8.00 of $10.00; $2.00 left).',
    );
  });

  it('refuses a call that would start past the budget with a typed budget_exceeded naming the spend so far', () => {
    for (const spent of [10, 10.5, 9.99999]) {
      const err = (() => {
        try {
          allowCall('S', 10, spent);
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(BudgetExceededError);
    }
    const err = new BudgetExceededError({ sprintId: 'S', limitUsd: 10, spentUsd: 10.5 });
    expect(toIpcError(err)).toEqual({
      code: 'budget_exceeded',
      message:
        'Sprint S has spent $10.50 of its $10.00 budget, so no new call was started. Raise the sprint’s budget (or remove it) to continue.',
      details: { sprintId: 'S', limitUsd: 10, spentUsd: 10.5 },
    });
  });
});

describe('budgetStatus', () => {
  it('reports level, fraction and what is left', () => {
    expect(budgetStatus(4, 1)).toEqual({
      limitUsd: 4,
      spentUsd: 1,
      remainingUsd: 3,
      fraction: 0.25,
      level: 'ok',
    });
    expect(budgetStatus(4, 5)).toMatchObject({ remainingUsd: 0, level: 'exceeded' });
  });
});

describe('parseBudget', () => {
  it('accepts positive dollars, clears on empty, refuses the rest', () => {
    expect(parseBudget('$12.5')).toBe(12.5);
    expect(parseBudget(3)).toBe(3);
    expect(parseBudget('')).toBeNull();
    expect(() => parseBudget('0')).toThrow('A budget is a positive amount in USD, not 0.');
    expect(() => parseBudget('ten')).toThrow(RangeError);
  });
});
