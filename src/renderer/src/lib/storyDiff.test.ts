import { describe, expect, it } from 'vitest';
import type { StoryDraft } from '../../../shared/stories';
import { diffStories, nothingChanged } from './storyDiff';

const s = (title: string, description = 'd', acceptanceCriteria: string[] = ['a']): StoryDraft => ({
  title,
  description,
  acceptanceCriteria,
});

describe('diffStories', () => {
  it('reports identical rounds as unchanged', () => {
    const round = [s('Login'), s('Logout')];
    const changes = diffStories(round, structuredClone(round));
    expect(changes.map((c) => c.kind)).toEqual(['unchanged', 'unchanged']);
    expect(nothingChanged(changes)).toBe(true);
  });

  it('matches by title even when the order changes', () => {
    const changes = diffStories([s('Login'), s('Logout')], [s('Logout'), s('Login', 'new')]);
    expect(changes[0]).toEqual({ kind: 'unchanged', title: 'Logout', index: 0 });
    expect(changes[1]).toMatchObject({ kind: 'changed', title: 'Login', fields: ['description'] });
  });

  it('lists criteria added and removed, counting duplicates', () => {
    const [c] = diffStories([s('A', 'd', ['x', 'y', 'y'])], [s('A', 'd', ['y', 'z'])]);
    expect(c).toMatchObject({
      kind: 'changed',
      fields: ['acceptanceCriteria'],
      criteriaAdded: ['z'],
      criteriaRemoved: ['x', 'y'],
    });
  });

  it('treats a reorder of criteria as a change with nothing added or removed', () => {
    const [c] = diffStories([s('A', 'd', ['x', 'y'])], [s('A', 'd', ['y', 'x'])]);
    expect(c).toMatchObject({ kind: 'changed', criteriaAdded: [], criteriaRemoved: [] });
  });

  it('pairs a renamed story by position and keeps its previous title', () => {
    const [c] = diffStories([s('Sign in')], [s('Log in')]);
    expect(c).toMatchObject({
      kind: 'changed',
      title: 'Log in',
      previousTitle: 'Sign in',
      fields: ['title'],
    });
  });

  it('reports added and removed stories', () => {
    const changes = diffStories([s('A'), s('B'), s('C')], [s('A')]);
    expect(changes).toEqual([
      { kind: 'unchanged', title: 'A', index: 0 },
      { kind: 'removed', title: 'B' },
      { kind: 'removed', title: 'C' },
    ]);
    const grown = diffStories([s('A')], [s('A'), s('New')]);
    expect(grown[1]).toEqual({ kind: 'added', title: 'New', index: 1 });
    expect(nothingChanged(grown)).toBe(false);
  });

  it('ignores case and surrounding spaces when matching titles', () => {
    const [c] = diffStories([s('Export CSV'), s('Z')], [s(' export csv ')]);
    expect(c).toMatchObject({ kind: 'changed', fields: ['title'], previousTitle: 'Export CSV' });
  });
});
