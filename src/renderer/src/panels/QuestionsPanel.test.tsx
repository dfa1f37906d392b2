import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SprintQuestions } from '../../../shared/plans';
import { renderWith } from '../../../../test/support/renderer/setup';
import { detail, openSprintStore, plan, revision } from '../../../../test/support/renderer/sprintFixtures';
import { SprintsPanel } from './SprintsPanel';

afterEach(cleanup);

const questions: SprintQuestions = {
  sprintId: 'sp1',
  generatedAt: '2025-01-02T00:00:00.000Z',
  summary: 'Two things are unclear.',
  answers: {},
  questions: [
    {
      id: 'q1',
      storyId: 's1',
      question: 'Which delimiter?',
      reason: 'Changes the writer',
      suggestions: ['Comma', 'Semicolon'],
      priority: 'medium',
    },
    {
      id: 'q2',
      storyId: 's2',
      question: 'Include archived stories?',
      reason: 'Changes the query',
      suggestions: [],
      priority: 'high',
    },
    {
      id: 'q3',
      storyId: 's1',
      question: 'Quote every field?',
      reason: 'Compatibility',
      suggestions: ['Yes', 'No'],
      priority: 'high',
    },
  ],
};

describe('Questions', () => {
  it('analyzes, groups questions by story with priorities, fills answers from suggestions and saves', async () => {
    const setup = await openSprintStore(detail());
    const { client } = setup;
    client.handle('plan:analyze', () => detail({ questions }));
    client.handle('plan:answer', (req) => detail({ questions: { ...questions, answers: req.answers } }));
    renderWith(<SprintsPanel />, setup);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Analyze' })));
    expect(client.callsTo('plan:analyze')).toEqual([{ sprintId: 'sp1' }]);

    const s1 = screen.getByRole('region', { name: 'Questions about Story 1' });
    // High priority first within a story.
    expect(
      within(s1)
        .getAllByRole('textbox')
        .map((t) => t.id),
    ).toEqual(['answer-q3', 'answer-q1']);
    expect(within(s1).getByText('high priority')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Questions about Story 2' })).toBeTruthy();

    const suggestions = screen.getByRole('group', { name: 'Suggestions for: Which delimiter?' });
    fireEvent.click(within(suggestions).getByRole('button', { name: 'Semicolon' }));
    const answer = screen.getByRole('textbox', { name: 'Which delimiter?' }) as HTMLTextAreaElement;
    expect(answer.value).toBe('Semicolon');
    expect(within(suggestions).getByRole('button', { name: 'Semicolon' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Include archived stories?' }), {
      target: { value: '  No, only open ones ' },
    });
    expect(screen.getByText('2 of 3 questions answered')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save answers' })));
    expect(client.callsTo('plan:answer')).toEqual([
      { sprintId: 'sp1', answers: { q1: 'Semicolon', q2: 'No, only open ones' } },
    ]);
  });

  it('Generate plan saves the answers, then generates and shows the plan', async () => {
    const setup = await openSprintStore(detail({ questions }));
    const { client } = setup;
    client.handle('plan:answer', (req) => detail({ questions: { ...questions, answers: req.answers } }));
    client.handle('plan:generate', () =>
      detail({
        questions,
        plan: { sprintId: 'sp1', revisions: [revision(1)], current: 1 },
      }),
    );
    renderWith(<SprintsPanel />, setup);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate plan' })));
    expect(client.calls.map((c) => c.channel).filter((c) => c.startsWith('plan:'))).toEqual([
      'plan:answer',
      'plan:generate',
    ]);
    expect(client.callsTo('plan:answer')[0]!.answers).toEqual({ q3: 'Yes' });
    expect(screen.getByRole('list', { name: 'Plan items' })).toBeTruthy();
  });

  it('shows the plan directly when the analysis found no questions', async () => {
    const setup = await openSprintStore(detail());
    const { client } = setup;
    client.handle('plan:analyze', () =>
      detail({
        questions: { ...questions, questions: [], summary: 'All clear.' },
        plan: { sprintId: 'sp1', revisions: [revision(1, plan())], current: 1 },
      }),
    );
    renderWith(<SprintsPanel />, setup);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Analyze' })));
    expect(screen.queryByRole('heading', { name: 'Questions' })).toBeNull();
    expect(screen.getByText(/No open questions: the plan was generated directly/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /Plan · revision 1/ })).toBeTruthy();
    expect(client.callsTo('plan:generate')).toEqual([]);
  });
});
