import { describe, expect, it } from 'vitest';
import { boardColumn, groupByColumn, type BoardStory, type ColumnFacts } from './board';

const base: ColumnFacts = { inSprint: false, planned: false, specified: false, verdict: 'unspecified' };

describe('boardColumn', () => {
  it('moves a story right as it reaches each stage', () => {
    expect(boardColumn(base)).toBe('backlog');
    expect(boardColumn({ ...base, inSprint: true })).toBe('in_sprint');
    expect(boardColumn({ ...base, inSprint: true, planned: true })).toBe('planned');
    expect(boardColumn({ ...base, inSprint: true, planned: true, specified: true, verdict: 'failing' })).toBe(
      'specified',
    );
    expect(
      boardColumn({ ...base, inSprint: true, planned: true, specified: true, verdict: 'verified' }),
    ).toBe('verified');
  });

  it('keeps a regressed story out of verified, and counts assertions from an earlier sprint', () => {
    expect(boardColumn({ ...base, specified: true, verdict: 'regressed' })).toBe('specified');
    expect(boardColumn({ ...base, specified: true, verdict: 'verified' })).toBe('verified');
  });
});

describe('groupByColumn', () => {
  it('keeps the order within each column and has every column', () => {
    const s = (id: string, column: BoardStory['column']): BoardStory => ({
      id,
      title: id,
      column,
      verdict: 'unspecified',
      sprintId: null,
      chips: [],
      files: null,
      costUsd: null,
    });
    const g = groupByColumn([s('a', 'planned'), s('b', 'backlog'), s('c', 'planned')]);
    expect(g.planned.map((x) => x.id)).toEqual(['a', 'c']);
    expect(g.backlog.map((x) => x.id)).toEqual(['b']);
    expect(g.verified).toEqual([]);
  });
});
