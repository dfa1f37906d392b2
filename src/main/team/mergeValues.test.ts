// The field-by-field merge: what each side changed survives, and only a field both sides changed differently is a
// conflict (the current side's value kept, both values reported).
import { describe, expect, it } from 'vitest';
import { mergeValues } from './mergeValues';

const story = {
  id: 's1',
  title: 'Search',
  description: 'Find recipes',
  acceptanceCriteria: ['a', 'b'],
  status: 'pending',
};

describe('mergeValues', () => {
  it('keeps an edit of each side to different fields', () => {
    const ours = { ...story, title: 'Search recipes' };
    const theirs = { ...story, description: 'Find recipes by name' };
    expect(mergeValues(story, ours, theirs)).toEqual({
      value: { ...story, title: 'Search recipes', description: 'Find recipes by name' },
      conflicts: [],
    });
  });

  it('takes the later updatedAt: both sides edited the record, which is no conflict of its own', () => {
    const base = { ...story, updatedAt: '2026-01-01T00:00:00.000Z' };
    const ours = { ...base, title: 'T', updatedAt: '2026-01-03T00:00:00.000Z' };
    const theirs = { ...base, status: 'done', updatedAt: '2026-01-02T00:00:00.000Z' };
    expect(mergeValues(base, ours, theirs)).toEqual({
      value: { ...base, title: 'T', status: 'done', updatedAt: '2026-01-03T00:00:00.000Z' },
      conflicts: [],
    });
  });

  it('takes a change made the same way on both sides, and a field added on one side', () => {
    const ours = { ...story, status: 'done', estimate: 3 };
    const theirs = { ...story, status: 'done' };
    expect(mergeValues(story, ours, theirs)).toEqual({
      value: { ...story, status: 'done', estimate: 3 },
      conflicts: [],
    });
  });

  it('keeps the current value of a field both sides changed differently, and reports both', () => {
    const ours = { ...story, title: 'Ours', description: 'Both agree' };
    const theirs = { ...story, title: 'Theirs', description: 'Both agree' };
    expect(mergeValues(story, ours, theirs)).toEqual({
      value: { ...story, title: 'Ours', description: 'Both agree' },
      conflicts: [{ field: 'title', ancestor: 'Search', current: 'Ours', other: 'Theirs' }],
    });
  });

  it('treats a list of plain values changed on both sides as one field', () => {
    const ours = { ...story, acceptanceCriteria: ['a', 'b', 'c'] };
    const theirs = { ...story, acceptanceCriteria: ['a'] };
    const m = mergeValues(story, ours, theirs);
    expect(m.value).toEqual(ours);
    expect(m.conflicts.map((c) => c.field)).toEqual(['acceptanceCriteria']);
  });

  it('merges keyed elements one by one: both appended revisions survive, renumbered after the last', () => {
    const rev = (number: number, feedback: string) => ({ number, createdAt: `t${number}`, feedback });
    const base = { sprintId: 'sp', current: 1, revisions: [rev(1, 'first')] };
    const ours = { ...base, current: 2, revisions: [rev(1, 'first'), rev(2, 'ours')] };
    const theirs = { ...base, current: 2, revisions: [rev(1, 'first'), rev(2, 'theirs')] };
    const m = mergeValues(base, ours, theirs);
    expect(m.conflicts).toEqual([]);
    expect(m.value).toEqual({
      sprintId: 'sp',
      current: 2,
      revisions: [rev(1, 'first'), rev(2, 'ours'), { ...rev(2, 'theirs'), number: 3 }],
    });
  });

  it('merges an element changed on both sides field by field, naming the element in the conflict', () => {
    const base = {
      items: [
        { id: 'i1', a: 1, b: 1 },
        { id: 'i2', a: 1, b: 1 },
      ],
    };
    const ours = {
      items: [
        { id: 'i1', a: 2, b: 1 },
        { id: 'i2', a: 5, b: 1 },
      ],
    };
    const theirs = {
      items: [
        { id: 'i1', a: 1, b: 2 },
        { id: 'i2', a: 6, b: 1 },
        { id: 'i3', a: 0, b: 0 },
      ],
    };
    const m = mergeValues(base, ours, theirs);
    expect(m.value).toEqual({
      items: [
        { id: 'i1', a: 2, b: 2 },
        { id: 'i2', a: 5, b: 1 },
        { id: 'i3', a: 0, b: 0 },
      ],
    });
    expect(m.conflicts).toEqual([{ field: 'items/i2/a', ancestor: 1, current: 5, other: 6 }]);
  });

  it('keeps runs both sides appended to a results history, in the order they ran', () => {
    const run = (startedAt: string) => ({ startedAt, commit: null, results: [] });
    const base = { storyId: 's1', runs: [run('2026-01-01')] };
    const ours = { storyId: 's1', runs: [run('2026-01-01'), run('2026-01-03')] };
    const theirs = { storyId: 's1', runs: [run('2026-01-01'), run('2026-01-02')] };
    expect(mergeValues(base, ours, theirs)).toEqual({
      value: { storyId: 's1', runs: [run('2026-01-01'), run('2026-01-02'), run('2026-01-03')] },
      conflicts: [],
    });
  });

  it('with no ancestor (added on both sides), merges what both added', () => {
    const m = mergeValues(undefined, { id: 's9', title: 'A', x: 1 }, { id: 's9', title: 'B', y: 2 });
    expect(m.value).toEqual({ id: 's9', title: 'A', x: 1, y: 2 });
    expect(m.conflicts).toEqual([{ field: 'title', ancestor: undefined, current: 'A', other: 'B' }]);
  });
});
