import { describe, expect, it } from 'vitest';
import { planItem, planOf, testStory } from '../../../test/support/planFixtures';
import { WORKFLOWS } from './registry';

const story = testStory('s1', 'Share', ['a link is shown']);
const draft = (n: number) => ({
  id: 'model-id',
  type: 'FILE_EXISTS',
  target: `f${n}.ts`,
  message: 'm',
  criterion: 'AC1',
  assertion: {},
});
const project = { description: '', conventions: '' };

describe('result mappings', () => {
  it('story assertions: Puffin assigns ids, keeps at most 8 and warns about too many or too few', () => {
    const map = WORKFLOWS.generateStoryAssertions.map;
    const input = { story, item: undefined, project };
    const many = map({ assertions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(draft) } as never, input);
    expect(many.data.map((a) => a.id)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']);
    expect(many.data[0]).toMatchObject({ target: 'f1.ts', criterion: 'AC1' });
    expect(many.warnings).toEqual(['The model wrote 10 assertions; the first 8 were kept.']);
    const few = map({ assertions: [draft(1)] } as never, input);
    expect(few.warnings).toEqual(['The model wrote only 1 assertion(s); 3 were asked for.']);
    expect(map({ assertions: [1, 2, 3].map(draft) } as never, input).warnings).toEqual([]);
  });

  it('sprint assertions: keys that are not stories of the sprint are dropped with a warning', () => {
    const r = WORKFLOWS.generateSprintAssertions.map({ s1: [draft(1)], ghost: [draft(2)] } as never, {
      stories: [story],
      plan: planOf([]),
      project,
    });
    expect(Object.keys(r.data)).toEqual(['s1']);
    expect(r.data.s1![0]!.id).toBe('S1');
    expect(r.warnings).toEqual(['Sprint assertions for unknown story "ghost" were dropped.']);
  });

  it('one plan item: an answer without an item for the story is refused', () => {
    const map = WORKFLOWS.regeneratePlanItem.map;
    const input = { stories: [story], project, plan: planOf([planItem('s1', 1)]), storyId: 's1' };
    expect(() => map(planOf([planItem('other', 1)]), input)).toThrow(
      expect.objectContaining({ code: 'no_item_for_story' }),
    );
    expect(map(planOf([planItem('s1', 1)]), input).data.planItems).toHaveLength(1);
  });

  it('modify: locked stories come back as they were sent (see mergeLocked)', () => {
    const sent = {
      title: 'Login',
      description: 'As a user, I want in',
      acceptanceCriteria: ['ok'],
      locked: true,
    };
    const r = WORKFLOWS.modifyStories.map([{ ...sent, description: 'changed', locked: undefined } as never], {
      stories: [sent],
      feedback: 'f',
      project,
    });
    expect(r.data).toEqual([sent]);
  });

  it('one story: the others come back exactly as sent, in place; extra answers are dropped with a warning', () => {
    const settled = { title: 'Login', description: 'As a user, I want in', acceptanceCriteria: ['ok'] };
    const sent = [
      { ...settled, locked: true },
      { ...settled, title: 'Logout', locked: false },
      { ...settled, title: 'Reset', locked: false },
    ];
    const fresh = {
      title: 'Log out everywhere',
      description: 'As a user, I want out',
      acceptanceCriteria: ['a'],
    };
    const r = WORKFLOWS.regenerateStory.map([fresh, { ...fresh, title: 'More' }], {
      stories: sent,
      index: 1,
      project,
    });
    expect(r.data).toEqual([sent[0], { ...fresh, locked: false }, sent[2]]);
    expect(r.warnings).toEqual(['The model returned 1 extra story; only the first was kept.']);
    expect(() => WORKFLOWS.regenerateStory.map([], { stories: sent, index: 0, project })).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });
});
