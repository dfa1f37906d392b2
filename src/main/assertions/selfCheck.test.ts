import { describe, expect, it } from 'vitest';
import { checkDiscriminating, coverage, criterionIndex } from './selfCheck';
import { TS_PROJECT } from '../../../test/support/assertions/assertionFixtures';

describe('checkDiscriminating', () => {
  it('flags assertions that already pass before implementation', async () => {
    const report = await checkDiscriminating(TS_PROJECT, [
      // Already true in the fixture: proves nothing about a new story.
      { id: 'old', type: 'FILE_EXISTS', target: 'src/main/ipc.ts' },
      // Not implemented yet: fails now, as a useful assertion should.
      {
        id: 'new',
        type: 'IPC_HANDLER_REGISTERED',
        target: 'src/main/ipc.ts',
        assertion: { handlers: ['sprints:list'] },
      },
      { id: 'broken', type: 'JSON_PROPERTY', target: 'package.json', assertion: {} },
    ]);
    expect(report.notDiscriminating).toEqual(['old']);
    expect(report.checks.map((c) => [c.assertionId, c.status, c.notDiscriminating])).toEqual([
      ['old', 'pass', true],
      ['new', 'fail', false],
      ['broken', 'error', false],
    ]);
    expect(report.checks[0]?.reason).toMatch(/^already passes before implementation/);
    expect(report.checks[2]?.reason).toMatch(
      /^cannot be evaluated: malformed assertion: field "assertion.path"/,
    );
  });
});

describe('coverage', () => {
  const criteria = ['User can list stories', 'User can delete a story', 'Deleted stories go to the archive'];

  it('maps criteria to assertions by text, AC number or index, and flags uncovered criteria', () => {
    const report = coverage(criteria, [
      { id: 'a1', criterion: '  user can LIST stories. ' },
      { id: 'a2', criterion: 'AC2' },
      { id: 'a3', criterion: 1 },
      { id: 'a4' },
      { id: 'a5', criterion: 'Something else entirely' },
      { id: 'a6', criterion: 'AC9' },
    ]);
    expect(report.criteria.map((c) => c.assertionIds)).toEqual([['a1'], ['a2', 'a3'], []]);
    expect(report.uncovered).toEqual([2]);
    expect(report.unlinked).toEqual(['a4', 'a5', 'a6']);
  });

  it('reads criterion references', () => {
    expect(criterionIndex('#3', criteria)).toBe(2);
    expect(criterionIndex('3', criteria)).toBe(2);
    expect(criterionIndex(0, criteria)).toBe(0);
    expect(criterionIndex(3, criteria)).toBeUndefined();
    expect(criterionIndex(undefined, criteria)).toBeUndefined();
  });
});
