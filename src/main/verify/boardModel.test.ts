import { describe, expect, it } from 'vitest';
import type { AssertionResult, AssertionRun, AssertionStatus } from '../../shared/assertions';
import { buildBoard, type BoardFacts } from './boardModel';

const r = (assertionId: string, status: AssertionStatus): AssertionResult => ({
  assertionId,
  status,
  reason: '',
  durationMs: 0,
});
const run = (commit: string, results: AssertionResult[]): AssertionRun => ({
  startedAt: commit,
  durationMs: 0,
  commit,
  results,
  summary: { total: 0, passed: 0, failed: 0, errors: 0 },
});

const facts: BoardFacts = {
  stories: ['idle', 'picked', 'planned', 'spec', 'done', 'broke', 'partial'].map((id) => ({ id, title: id })),
  sprints: [
    {
      id: 'old',
      title: 'Old',
      storyIds: ['done', 'broke'],
      createdAt: '2026-01-01',
      approvedItems: [{ storyId: 'done', filesCreated: ['a.ts'], filesModified: [] }],
      changes: null,
    },
    {
      id: 'new',
      title: 'New',
      storyIds: ['picked', 'planned', 'spec', 'partial'],
      createdAt: '2026-02-01',
      budgetUsd: 5,
      approvedItems: [
        { storyId: 'planned', filesCreated: ['src/p.ts'], filesModified: ['src/app.ts'] },
        { storyId: 'spec', filesCreated: [], filesModified: ['src/app.ts'] },
      ],
      changes: { base: 'b'.repeat(40), files: ['src/app.ts', 'package.json'] },
    },
  ],
  assertions: new Map([
    ['spec', [{ id: 's1', message: 'has s1' }]],
    ['done', [{ id: 'd1' }]],
    ['broke', [{ id: 'k1' }, { id: 'k2' }]],
    ['partial', [{ id: 'p1' }, { id: 'p2' }]],
  ]),
  history: new Map([
    ['spec', [run('c1', [r('s1', 'fail')])]],
    ['done', [run('c1', [r('d1', 'pass')])]],
    ['broke', [run('c1', [r('k1', 'pass'), r('k2', 'pass')]), run('c2', [r('k1', 'fail'), r('k2', 'pass')])]],
    ['partial', [run('c1', [r('p1', 'pass')])]],
  ]),
  costs: null,
  commit: 'c2',
};

describe('buildBoard', () => {
  const board = buildBoard(facts);
  const by = new Map(board.stories.map((s) => [s.id, s]));

  it('puts each story in the furthest column it reached', () => {
    expect(board.stories.map((s) => [s.id, s.column, s.verdict])).toEqual([
      ['idle', 'backlog', 'unspecified'],
      ['picked', 'in_sprint', 'unspecified'],
      ['planned', 'planned', 'unspecified'],
      ['spec', 'specified', 'failing'],
      ['done', 'verified', 'verified'],
      ['broke', 'specified', 'regressed'],
      ['partial', 'specified', 'failing'],
    ]);
    expect(by.get('done')!.sprintId).toBe('old');
    expect(by.get('idle')!.sprintId).toBeNull();
  });

  it('gives chips from the latest results, none before a first run', () => {
    expect(by.get('partial')!.chips).toEqual([
      { id: 'p1', message: '', status: 'pass' },
      { id: 'p2', message: '', status: 'none' },
    ]);
    expect(by.get('broke')!.chips.map((c) => c.status)).toEqual(['fail', 'pass']);
  });

  it('lets live results of the watch override older recorded ones, never newer ones', () => {
    const withLive = (at: string) =>
      buildBoard({
        ...facts,
        live: new Map([['broke', new Map([['k1', { result: r('k1', 'pass'), at }]])]]),
      });
    expect(withLive('c3').stories.find((s) => s.id === 'broke')).toMatchObject({
      column: 'verified',
      verdict: 'verified',
    });
    // Recorded at c2, after the watch's result of c1: the recorded failure stands.
    expect(withLive('c1').stories.find((s) => s.id === 'broke')).toMatchObject({ verdict: 'regressed' });
  });

  it('compares planned and changed files for stories of an approved plan in git', () => {
    expect(by.get('planned')!.files).toEqual({
      touched: ['src/app.ts'],
      plannedUntouched: ['src/p.ts'],
      touchedUnplanned: ['package.json'],
    });
    expect(by.get('done')!.files).toBeNull();
    expect(board.sprints.map((s) => [s.id, s.baseCommit, s.budgetUsd])).toEqual([
      ['new', 'b'.repeat(40), 5],
      ['old', null, null],
    ]);
  });
});
