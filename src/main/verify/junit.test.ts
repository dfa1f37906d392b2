import { describe, expect, it } from 'vitest';
import type { AssertionResult } from '../../shared/assertions';
import type { StoryVerification, VerifyReport } from '../../shared/verify';
import { validateJUnit } from '../../../test/support/junitSchema';
import { seconds, toJUnitXml, xmlEscape } from './junit';

const COMMIT = 'c'.repeat(40);
const OLD = 'd'.repeat(40);

const results: AssertionResult[] = [
  { assertionId: 'a1', status: 'pass', reason: 'file exists', durationMs: 1.5 },
  {
    assertionId: 'a2',
    status: 'fail',
    reason: 'no export "load" in <src/x.ts> & friends',
    location: { file: 'src/x.ts', line: 3, column: 1 },
    durationMs: 2,
  },
  { assertionId: 'a3', status: 'error', reason: 'cannot parse\u0007 file', durationMs: 0.25 },
];

const regressed: StoryVerification = {
  id: 'story-1',
  title: 'Load "settings"',
  status: 'regressed',
  summary: { total: 3, passed: 1, failed: 1, errors: 1 },
  results,
  regressions: [
    {
      storyId: 'story-1',
      assertionId: 'a2',
      message: 'exports load',
      lastPassedCommit: OLD,
      lastPassedAt: '2026-01-01T00:00:00.000Z',
      reason: results[1]!.reason,
    },
  ],
};

const unspecified: StoryVerification = {
  id: 'story-2',
  title: 'No checks yet',
  status: 'unspecified',
  summary: { total: 0, passed: 0, failed: 0, errors: 0 },
  results: [],
  regressions: [],
};

const report: VerifyReport = {
  commit: COMMIT,
  drift: [],
  startedAt: '2026-02-03T04:05:06.000Z',
  durationMs: 10,
  sprintId: null,
  stories: [regressed, unspecified],
  regressions: regressed.regressions,
  counts: { verified: 0, failing: 0, regressed: 1, unspecified: 1 },
  summary: { total: 3, passed: 1, failed: 1, errors: 1 },
};

const messages = new Map([['story-1', new Map([['a2', 'exports load']])]]);

describe('toJUnitXml', () => {
  it('conforms to the JUnit schema', () => {
    expect(validateJUnit(toJUnitXml(report, messages)).problems).toEqual([]);
  });

  it('has one test suite per story and one test case per assertion with the right outcome', () => {
    const { doc } = validateJUnit(toJUnitXml(report, messages));
    const root = doc.documentElement;
    expect([root.getAttribute('tests'), root.getAttribute('failures'), root.getAttribute('errors')]).toEqual([
      '3',
      '1',
      '1',
    ]);
    const suites = Array.from(doc.getElementsByTagName('testsuite'));
    expect(suites.map((s) => s.getAttribute('name'))).toEqual([
      'story-1 Load "settings"',
      'story-2 No checks yet',
    ]);
    expect(suites[1]!.getAttribute('tests')).toBe('0');
    const cases = Array.from(suites[0]!.getElementsByTagName('testcase'));
    expect(cases.map((c) => c.getAttribute('name'))).toEqual(['a1', 'a2: exports load', 'a3']);
    expect(cases.map((c) => c.getAttribute('classname'))).toEqual(Array(3).fill('puffin.story-1'));
    expect(cases[0]!.children).toHaveLength(0);
    const failure = cases[1]!.getElementsByTagName('failure')[0]!;
    expect(failure.getAttribute('message')).toBe('no export "load" in <src/x.ts> & friends');
    expect(failure.getAttribute('type')).toBe('regressed');
    expect(failure.textContent).toContain('at src/x.ts:3:1');
    expect(failure.textContent).toContain(`last passed at commit ${OLD.slice(0, 12)}`);
    const error = cases[2]!.getElementsByTagName('error')[0]!;
    expect(error.getAttribute('message')).toBe('cannot parse\uFFFD file');
    const props = Array.from(suites[0]!.getElementsByTagName('property')).map((p) => [
      p.getAttribute('name'),
      p.getAttribute('value'),
    ]);
    expect(props).toEqual([
      ['puffin.status', 'regressed'],
      ['puffin.commit', COMMIT],
    ]);
  });

  it('the schema check itself rejects undeclared attributes, missing required ones and bad times', () => {
    const bad =
      '<testsuites time="1s"><testsuite name="x" tests="1"><testcase name="t" file="a.ts"/></testsuite></testsuites>';
    expect(validateJUnit(bad).problems).toEqual([
      'testsuites: time="1s" is not a time',
      'testsuites/testsuite[0]: required attribute failures is missing',
      'testsuites/testsuite[0]: required attribute errors is missing',
      'testsuites/testsuite[0]/testcase[0]: attribute file is not declared',
    ]);
    expect(validateJUnit('<testsuites><testsuite>').problems[0]).toMatch(/^not well-formed XML/);
  });
});

describe('helpers', () => {
  it('xmlEscape escapes markup and replaces characters XML cannot carry', () => {
    expect(xmlEscape(`<a href="x">'&'</a>\u0000`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;\uFFFD',
    );
  });

  it('seconds has millisecond precision', () => {
    expect(seconds(1234.5678)).toBe('1.235');
    expect(seconds(-1)).toBe('0.000');
  });
});
