import { describe, expect, it } from 'vitest';
import type { PlanPreview } from '../../shared/plans';
import { planPreview } from './planPreview';

const item = (storyId: string) => ({ storyId, title: `Item ${storyId}`, order: 1 });
const question = (q: string) => ({ storyId: 's1', question: q });

describe('planPreview', () => {
  it('sends the items and questions complete so far, in order, and starts over after a retry', () => {
    const sent: PlanPreview[] = [];
    const listen = planPreview('sp1', (p) => sent.push(p));
    listen({ type: 'item', path: ['plan', 'planItems'], index: 1, value: item('s2') });
    listen({ type: 'item', path: ['planItems'], index: 0, value: item('s1') });
    listen({ type: 'item', path: ['questions'], index: 0, value: question('Which format?') });
    listen({ type: 'item', path: ['assertions'], index: 0, value: item('s9') }); // not a plan list
    listen({ type: 'item', path: ['planItems'], index: 2, value: { title: 'no story id' } }); // left to validation
    expect(sent.map((p) => [p.planItems.map((i) => i.storyId), p.questions.map((q) => q.question)])).toEqual([
      [['s2'], []],
      [['s1', 's2'], []],
      [['s1', 's2'], ['Which format?']],
    ]);
    listen({ type: 'reset', attempt: 2 });
    expect(sent.at(-1)).toEqual({ sprintId: 'sp1', planItems: [], questions: [] });
  });
});
