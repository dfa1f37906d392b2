import { describe, expect, it } from 'vitest';
import type { Story } from './stories';
import { applyStoriesChange } from './storiesChange';

const story = (n: number, title = `Story ${n}`): Story => ({
  id: `s${n}`,
  title,
  description: '',
  acceptanceCriteria: [],
  status: 'pending',
  createdAt: `2030-01-01T00:00:0${n}.000Z`,
  updatedAt: `2030-01-01T00:00:0${n}.000Z`,
});

describe('applyStoriesChange', () => {
  const backlog = [story(1), story(2), story(3)];

  it('replaces a changed story in place and keeps the others as they were', () => {
    const next = applyStoriesChange(backlog, { changed: [story(2, 'Renamed')], deleted: [] });
    expect(next.map((s) => s.title)).toEqual(['Story 1', 'Renamed', 'Story 3']);
    expect(next[0]).toBe(backlog[0]);
  });

  it('appends new stories after the existing ones, in the order given', () => {
    const next = applyStoriesChange(backlog, { changed: [story(5), story(4)], deleted: [] });
    expect(next.map((s) => s.id)).toEqual(['s1', 's2', 's3', 's5', 's4']);
  });

  it('removes deleted ids, ignoring ids it does not hold', () => {
    const next = applyStoriesChange(backlog, { changed: [], deleted: ['s1', 's9'] });
    expect(next.map((s) => s.id)).toEqual(['s2', 's3']);
  });

  it('returns the same array when the change touches nothing it holds', () => {
    expect(applyStoriesChange(backlog, { changed: [], deleted: ['s9'] })).toBe(backlog);
  });

  it('returns the same array when the changed stories equal the ones it holds (the event after a save)', () => {
    const copy = structuredClone(backlog[1]!);
    expect(applyStoriesChange(backlog, { changed: [copy], deleted: [] })).toBe(backlog);
    const edited = { ...copy, title: 'Edited', updatedAt: '2030-01-02T00:00:00.000Z' };
    expect(applyStoriesChange(backlog, { changed: [edited], deleted: [] })[1]).toBe(edited);
  });
});
