import { describe, expect, it } from 'vitest';
import type { Story } from '../../shared/stories';
import { shortId } from '../../shared/shortIds';
import { findSprint, findStory } from './storyRef';

const story = (id: string, title = id): Story => ({
  id,
  title,
  description: '',
  acceptanceCriteria: [],
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const stories = [story('abc123-one', 'One'), story('abc999-two', 'Two'), story('fed000-three', 'Three')];

describe('story references', () => {
  it('finds a full id, a short id in any case, and a longer prefix', () => {
    expect(findStory(stories, 'abc999-two').title).toBe('Two');
    expect(findStory(stories, shortId('fed000-three')).title).toBe('Three');
    expect(findStory(stories, 'puf-ABC123').title).toBe('One');
    expect(findStory(stories, 'abc9').title).toBe('Two');
  });

  it('refuses an ambiguous prefix naming the candidates, and an unknown one', () => {
    expect(() => findStory(stories, 'PUF-abc')).toThrow(/names 2 stories.*abc123-one.*abc999-two/);
    expect(() => findStory(stories, 'PUF-')).toThrow(/no story/);
    expect(() => findStory(stories, 'zzz')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('sprint references', () => {
  const sprints = [
    { id: 'sprint-mx0ex4dz-a', title: 'Exports' },
    { id: 'sprint-mx9abcde-b', title: 'Imports' },
  ];
  it('finds a sprint by its short id (the form the lists print), and refuses one that fits several', () => {
    expect(
      findSprint(
        sprints,
        shortId(
          sprints[0]!.id,
          sprints.map((s) => s.id),
        ),
      )?.title,
    ).toBe('Exports');
    expect(findSprint(sprints, 'PUF-mx9a')?.title).toBe('Imports');
    expect(findSprint(sprints, 'PUF-zzzz')).toBeNull();
    expect(() => findSprint(sprints, 'PUF-mx')).toThrow(expect.objectContaining({ code: 'ambiguous_id' }));
  });
});
