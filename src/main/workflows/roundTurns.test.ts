// Modify and refine rounds as conversations: the original request, the previous answer as the model's own turn, then
// the follow-up (what API engines send as messages, and the CLI as one text).
import { describe, expect, it } from 'vitest';
import { planItem, planOf, testStory } from '../../../test/support/planFixtures';
import { requestFor } from './call';
import { derivePrompt } from './deriveStories';
import { planPrompt } from './generatePlan';
import { modifyPrompt } from './modifyStories';
import { refinePrompt } from './refinePlan';
import { WORKFLOWS } from './registry';

const project = { description: 'A recipe manager.', conventions: 'TypeScript.' };
const share = testStory('s1', 'Share link', ['A link is shown']);
const revoke = testStory('s2', 'Revoke link', ['The link stops working']);
const drafts = [
  { ...share, locked: true },
  { ...revoke, locked: false },
];

describe('modify round', () => {
  const input = {
    stories: drafts,
    feedback: '  Split email out. ',
    project,
    request: 'Share recipes by link.',
  };

  it('replays the original request and the current stories as the previous answer, then the feedback', () => {
    const req = requestFor(WORKFLOWS.modifyStories, input);
    expect(req.history).toEqual([
      { role: 'user', content: derivePrompt({ request: 'Share recipes by link.', project }) },
      {
        role: 'assistant',
        content: JSON.stringify({
          stories: drafts.map((s) => ({
            title: s.title,
            description: s.description,
            acceptanceCriteria: s.acceptanceCriteria,
          })),
        }),
      },
    ]);
    expect(req.prompt).toContain('Story 1 is LOCKED');
    expect(req.prompt).toMatch(/## Feedback\nSplit email out\.$/);
    expect(req.prompt).not.toContain('Revoke link');
  });

  it('without the original request stays one prompt text', () => {
    const { request: _request, ...alone } = input;
    const req = requestFor(WORKFLOWS.modifyStories, alone);
    expect(req).not.toHaveProperty('history');
    expect(req.prompt).toBe(modifyPrompt(alone));
  });
});

describe('refine round', () => {
  const plan = planOf([planItem('s1', 1), planItem('s2', 2)]);
  const input = { stories: [share, revoke], project, plan, feedback: 'Merge the routes.', questions: null };

  it('replays the plan request and the current plan as the previous answer, then the feedback', () => {
    const req = requestFor(WORKFLOWS.refinePlan, input);
    expect(req.history).toEqual([
      { role: 'user', content: planPrompt({ stories: [share, revoke], project, questions: null }) },
      { role: 'assistant', content: JSON.stringify(plan) },
    ]);
    expect(req.prompt).toMatch(/^Revise your plan above/);
    expect(req.prompt).toMatch(/## Feedback\nMerge the routes\.$/);
    expect(req.prompt).not.toBe(refinePrompt(input));
    expect(req.schema).toBe('plan-refinement');
  });
});
