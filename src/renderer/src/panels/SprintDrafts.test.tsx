// Answers and plan feedback not yet sent survive a reload (lib/drafts.ts), per sprint and project.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import type { SprintDetail } from '../../../shared/plans';
import { IpcError } from '../../../shared/ipc/errors';
import type { RequestChannel } from '../../../shared/ipc/contract';
import {
  corruptDraft,
  draftStored,
  OTHER_PROJECT,
  remount,
  switchProject,
} from '../../../../test/support/renderer/drafts';
import { PROJECT } from '../../../../test/support/renderer/fakeClient';
import { renderWith } from '../../../../test/support/renderer/setup';
import {
  analysis,
  detail,
  openSprintStore,
  revision,
} from '../../../../test/support/renderer/sprintFixtures';
import { QuestionsPanel } from './QuestionsPanel';
import { RevisionsPanel } from './RevisionsPanel';

afterEach(cleanup);

const withQuestions = detail({ questions: analysis([{ id: 'q1', question: 'Which delimiter?' }]) });
const withPlan = detail({
  plan: { sprintId: 'sp1', revisions: [revision(1)], current: 1 },
  checks: { revision: 1, graph: [], files: [] },
});

interface Case {
  what: string;
  purpose: string;
  detail: SprintDetail;
  ui: ReactElement;
  box: string;
  submit: string;
  channel: RequestChannel;
}
const cases: Case[] = [
  {
    what: 'answers',
    purpose: 'answers:sp1',
    detail: withQuestions,
    ui: <QuestionsPanel detail={withQuestions} editable />,
    box: 'Which delimiter?',
    submit: 'Save answers',
    channel: 'plan:answer',
  },
  {
    what: 'plan feedback',
    purpose: 'feedback:sp1',
    detail: withPlan,
    ui: <RevisionsPanel detail={withPlan} editable titleOf={(id) => id} />,
    box: 'Feedback on the plan',
    submit: 'Refine plan',
    channel: 'plan:refine',
  },
];

const box = (name: string) => (screen.getByRole('textbox', { name }) as HTMLTextAreaElement).value;

describe.each(cases)('the $what draft', (c) => {
  async function typed(answer: () => SprintDetail = () => c.detail) {
    const setup = await openSprintStore(c.detail);
    setup.client.handle(c.channel, answer);
    renderWith(c.ui, setup);
    fireEvent.change(screen.getByRole('textbox', { name: c.box }), { target: { value: 'Semicolon' } });
    return setup;
  }
  const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: c.submit })));

  it('comes back after a reload', async () => {
    remount(await typed(), c.ui);
    expect(box(c.box)).toBe('Semicolon');
  });

  it('is gone once sent', async () => {
    const setup = await typed();
    await submit();
    expect(setup.client.callsTo(c.channel)).toHaveLength(1);
    expect(draftStored(c.purpose)).toBe(false);
  });

  it('is kept when sending fails', async () => {
    const setup = await typed(() => {
      throw new IpcError({ code: 'internal_error', message: 'boom' });
    });
    await submit();
    remount(setup, c.ui);
    expect(box(c.box)).toBe('Semicolon');
  });

  it('never shows in another project', async () => {
    const setup = await typed();
    switchProject(setup, OTHER_PROJECT);
    expect(box(c.box)).toBe('');
    switchProject(setup, PROJECT);
    expect(box(c.box)).toBe('Semicolon');
  });

  it('ignores corrupt content in the storage', async () => {
    const setup = await typed();
    corruptDraft(c.purpose);
    remount(setup, c.ui);
    expect(box(c.box)).toBe('');
  });
});

describe('the answers draft on Generate plan', () => {
  it('is gone once the answers are saved, even if the plan then fails', async () => {
    const setup = await openSprintStore(withQuestions);
    setup.client.handle('plan:answer', () => withQuestions);
    setup.client.handle('plan:generate', () => {
      throw new IpcError({ code: 'internal_error', message: 'boom' });
    });
    renderWith(<QuestionsPanel detail={withQuestions} editable />, setup);
    fireEvent.change(screen.getByRole('textbox', { name: 'Which delimiter?' }), {
      target: { value: 'Semicolon' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate plan' })));
    expect(setup.client.callsTo('plan:answer')).toEqual([{ sprintId: 'sp1', answers: { q1: 'Semicolon' } }]);
    expect(setup.client.callsTo('plan:generate')).toEqual([{ sprintId: 'sp1' }]);
    expect(draftStored('answers:sp1')).toBe(false);
  });
});
