import { describe, expect, it } from 'vitest';
import type { Story } from '../../shared/stories';
import type { SendPrompt } from '../llm/promptTypes';
import { generateSprintAssertions, generateStoryAssertions } from './specWorkflows';

const story: Story = {
  id: 's1',
  title: 'Share',
  description: 'As a cook…',
  acceptanceCriteria: ['a link is shown'],
  status: 'pending',
  createdAt: 'x',
  updatedAt: 'x',
};
const draft = (n: number) => ({
  id: 'model-id',
  type: 'FILE_EXISTS',
  target: `f${n}.ts`,
  message: 'm',
  criterion: 'AC1',
  assertion: {},
});
const answering = (data: unknown) =>
  (async () => ({ data, source: 'structured_output', warnings: [], meta: {} })) as unknown as SendPrompt;
const project = { description: '', conventions: '' };

describe('spec workflows', () => {
  it('story assertions: Puffin assigns ids, keeps at most 8 and warns about too many or too few', async () => {
    const many = await generateStoryAssertions(
      { sendPrompt: answering({ assertions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(draft) }) },
      { story, item: undefined, project },
    );
    expect(many.data.assertions.map((a) => a.id)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']);
    expect(many.data.assertions[0]).toMatchObject({ target: 'f1.ts', criterion: 'AC1' });
    expect(many.warnings.join()).toMatch(/first 8/);
    const few = await generateStoryAssertions(
      { sendPrompt: answering({ assertions: [draft(1)] }) },
      { story, item: undefined, project },
    );
    expect(few.warnings.join()).toMatch(/only 1/);
  });

  it('sprint assertions: keys that are not stories of the sprint are dropped with a warning', async () => {
    const r = await generateSprintAssertions(
      { sendPrompt: answering({ s1: [draft(1)], ghost: [draft(2)] }) },
      {
        stories: [story],
        plan: { planItems: [], sharedComponents: [], risks: [], implementationOrder: [] },
        project,
      },
    );
    expect(Object.keys(r.data)).toEqual(['s1']);
    expect(r.data.s1![0]!.id).toBe('S1');
    expect(r.warnings.join()).toMatch(/ghost/);
  });
});
