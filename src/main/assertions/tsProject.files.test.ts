// FILE_EXISTS, FILE_CONTAINS, PATTERN_MATCH, JSON_PROPERTY and CSS_SELECTOR_EXISTS against the ts-electron fixture.
// Every expected status and location below was written by reading the fixture files, not by running the code.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssertionResult } from '../../shared/assertions';
import { runCases, TS_PROJECT, type Case } from './testSupport';

const cases: Case[] = [
  // FILE_EXISTS
  {
    id: 'fe-file',
    type: 'FILE_EXISTS',
    target: 'src/main/ipc.ts',
    assertion: { type: 'file' },
    expect: 'pass',
  },
  {
    id: 'fe-dir',
    type: 'FILE_EXISTS',
    target: 'src/styles',
    assertion: { type: 'directory' },
    expect: 'pass',
  },
  { id: 'fe-no-spec', type: 'FILE_EXISTS', target: 'package.json', expect: 'pass' },
  {
    id: 'fe-missing',
    type: 'FILE_EXISTS',
    target: 'src/main/index.ts',
    assertion: {},
    expect: 'fail',
    reason: 'does not exist',
  },
  {
    id: 'fe-kind',
    type: 'FILE_EXISTS',
    target: 'src/shared',
    assertion: { type: 'file' },
    expect: 'fail',
    reason: 'is a directory, expected a file',
  },
  {
    id: 'fe-glob',
    type: 'FILE_EXISTS',
    target: 'src/**/*.css',
    assertion: { type: 'file' },
    expect: 'pass',
    reason: 'src/styles/app.css',
  },
  { id: 'fe-glob-miss', type: 'FILE_EXISTS', target: 'src/**/*.scss', expect: 'fail' },
  {
    id: 'fe-glob-dir',
    type: 'FILE_EXISTS',
    target: 'src/ma*',
    assertion: { type: 'directory' },
    expect: 'pass',
    reason: '"src/main"',
  },
  // FILE_CONTAINS
  {
    id: 'fc-literal',
    type: 'FILE_CONTAINS',
    target: 'src/main/ipc.ts',
    assertion: { match: 'literal', content: 'ipcMain.handleOnce(LOCAL_CHANNEL' },
    expect: 'pass',
    line: 17,
    column: 3,
  },
  {
    id: 'fc-literal-miss',
    type: 'FILE_CONTAINS',
    target: 'src/main/ipc.ts',
    assertion: { match: 'literal', content: 'ipcMain.removeHandler' },
    expect: 'fail',
  },
  {
    id: 'fc-regex',
    type: 'FILE_CONTAINS',
    target: 'package.json',
    assertion: { match: 'regex', content: '"version":\\s*"1\\.\\d+\\.\\d+"' },
    expect: 'pass',
    line: 3,
    column: 3,
  },
  {
    id: 'fc-regex-miss',
    type: 'FILE_CONTAINS',
    target: 'package.json',
    assertion: { match: 'regex', content: '"version":\\s*"2\\.' },
    expect: 'fail',
  },
  {
    id: 'fc-regex-flags',
    type: 'FILE_CONTAINS',
    target: 'package.json',
    assertion: { match: 'regex', content: 'FIXTURE-ELECTRON', flags: 'i' },
    expect: 'pass',
    line: 2,
  },
  {
    id: 'fc-not',
    type: 'FILE_CONTAINS',
    target: 'src/services/storyService.ts',
    assertion: { content: 'console.log', operator: 'not_contains' },
    expect: 'pass',
  },
  {
    id: 'fc-not-fails',
    type: 'FILE_CONTAINS',
    target: 'src/services/storyService.ts',
    assertion: { content: 'private readonly', operator: 'not_contains' },
    expect: 'fail',
    line: 15,
    column: 3,
  },
  {
    id: 'fc-glob',
    type: 'FILE_CONTAINS',
    target: 'src/**/*.ts',
    assertion: { content: 'Events.Progress' },
    expect: 'pass',
    line: 19,
    column: 14,
    reason: 'src/main/ipc.ts',
  },
  {
    id: 'fc-missing-file',
    type: 'FILE_CONTAINS',
    target: 'src/nope.ts',
    assertion: { content: 'x' },
    expect: 'fail',
    reason: 'does not exist',
  },
  // PATTERN_MATCH
  {
    id: 'pm-present',
    type: 'PATTERN_MATCH',
    target: 'src/services/storyService.ts',
    assertion: { pattern: 'export\\s+enum\\s+Status', operator: 'present' },
    expect: 'pass',
    line: 67,
    column: 1,
  },
  {
    id: 'pm-present-miss',
    type: 'PATTERN_MATCH',
    target: 'src/**/*.ts',
    assertion: { pattern: 'TODO|FIXME' },
    expect: 'fail',
  },
  {
    id: 'pm-absent',
    type: 'PATTERN_MATCH',
    target: 'src/**/*.ts',
    assertion: { pattern: 'console\\.(log|debug)', operator: 'absent' },
    expect: 'pass',
  },
  {
    id: 'pm-absent-fails',
    type: 'PATTERN_MATCH',
    target: 'src/main/ipc.ts',
    assertion: { pattern: 'commented:out', operator: 'absent' },
    expect: 'fail',
    line: 23,
    column: 22,
  },
  // JSON_PROPERTY
  {
    id: 'jp-version',
    type: 'JSON_PROPERTY',
    target: 'package.json',
    assertion: { path: 'version', expected: '1.2.3' },
    expect: 'pass',
    line: 3,
    column: 3,
  },
  {
    id: 'jp-deep',
    type: 'JSON_PROPERTY',
    target: 'package.json',
    assertion: { path: 'config.window', expected: { resizable: true, height: 768, width: 1024 } },
    expect: 'pass',
    line: 15,
    column: 5,
  },
  {
    id: 'jp-array',
    type: 'JSON_PROPERTY',
    target: 'package.json',
    assertion: { path: 'contributors[0].name', expected: 'Ada' },
    expect: 'pass',
    line: 28,
    column: 7,
  },
  {
    id: 'jp-null',
    type: 'JSON_PROPERTY',
    target: 'package.json',
    assertion: { path: 'config.theme', expected: null },
    expect: 'pass',
    line: 24,
  },
  {
    id: 'jp-exists',
    type: 'JSON_PROPERTY',
    target: 'package.json',
    assertion: { path: 'keywords' },
    expect: 'pass',
    line: 10,
  },
  {
    id: 'jp-missing',
    type: 'JSON_PROPERTY',
    target: 'package.json',
    assertion: { path: 'scripts.lint' },
    expect: 'fail',
    reason: 'scripts has no key "lint" (keys: build, test)',
  },
  {
    id: 'jp-wrong-array',
    type: 'JSON_PROPERTY',
    target: 'package.json',
    assertion: { path: 'config.features', expected: ['stories'] },
    expect: 'fail',
    reason: 'expected ["stories"]',
  },
  {
    id: 'jp-wrong-type',
    type: 'JSON_PROPERTY',
    target: 'package.json',
    assertion: { path: 'version', expected: 1.2 },
    expect: 'fail',
  },
  {
    id: 'jp-index-oob',
    type: 'JSON_PROPERTY',
    target: 'package.json',
    assertion: { path: 'contributors[3]' },
    expect: 'fail',
    reason: 'no index 3',
  },
  // CSS_SELECTOR_EXISTS
  {
    id: 'css-in-list',
    type: 'CSS_SELECTOR_EXISTS',
    target: 'src/styles/app.css',
    assertion: { selector: '.story-card .meta' },
    expect: 'pass',
    line: 10,
    column: 1,
  },
  {
    id: 'css-normalised',
    type: 'CSS_SELECTOR_EXISTS',
    target: 'src/styles/app.css',
    assertion: { selector: '.story-card>.title' },
    expect: 'pass',
    line: 9,
    column: 1,
  },
  {
    id: 'css-media',
    type: 'CSS_SELECTOR_EXISTS',
    target: 'src/styles/app.css',
    assertion: { selector: '.sidebar' },
    expect: 'pass',
    line: 19,
    column: 3,
  },
  {
    id: 'css-nested-at',
    type: 'CSS_SELECTOR_EXISTS',
    target: 'src/styles/app.css',
    assertion: { selector: '.story-card[data-state="done"]' },
    expect: 'pass',
    line: 24,
    column: 5,
  },
  {
    id: 'css-root',
    type: 'CSS_SELECTOR_EXISTS',
    target: 'src/**/*.css',
    assertion: { selector: ':root' },
    expect: 'pass',
    line: 1,
  },
  {
    id: 'css-list',
    type: 'CSS_SELECTOR_EXISTS',
    target: 'src/styles/app.css',
    assertion: { selector: '.app-shell,  button.primary:hover' },
    expect: 'pass',
  },
  {
    id: 'css-comment',
    type: 'CSS_SELECTOR_EXISTS',
    target: 'src/styles/app.css',
    assertion: { selector: '.commented-out' },
    expect: 'fail',
  },
  {
    id: 'css-only-compound',
    type: 'CSS_SELECTOR_EXISTS',
    target: 'src/styles/app.css',
    assertion: { selector: '.story-card' },
    expect: 'fail',
  },
  {
    id: 'css-list-miss',
    type: 'CSS_SELECTOR_EXISTS',
    target: 'src/styles/app.css',
    assertion: { selector: '.app-shell, .missing' },
    expect: 'fail',
    reason: '".missing"',
  },
  {
    id: 'css-bad',
    type: 'CSS_SELECTOR_EXISTS',
    target: 'src/styles/app.css',
    assertion: { selector: '..bad[' },
    expect: 'error',
    reason: 'assertion.selector',
  },
];

describe('file, text, JSON and CSS assertions on the ts-electron fixture', () => {
  let byId: Map<string, AssertionResult>;
  beforeAll(async () => {
    ({ byId } = await runCases(TS_PROJECT, cases));
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = byId.get(c.id)!;
    expect({ status: r.status, reason: r.reason }).toMatchObject({ status: c.expect });
    if (c.line !== undefined) expect(r.location?.line).toBe(c.line);
    if (c.column !== undefined) expect(r.location?.column).toBe(c.column);
    if (typeof c.reason === 'string') expect(r.reason).toContain(c.reason);
    else if (c.reason) expect(r.reason).toMatch(c.reason);
  });
});
