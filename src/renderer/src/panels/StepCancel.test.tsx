import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IpcError } from '../../../shared/ipc/errors';
import type { SprintDetail } from '../../../shared/plans';
import { deferred } from '../../../../test/support/renderer/fakeClient';
import { renderWith } from '../../../../test/support/renderer/setup';
import { detail, openSprintStore, revision } from '../../../../test/support/renderer/sprintFixtures';
import type { SprintSlice } from '../store/sprintSlice';
import { SprintsPanel } from './SprintsPanel';

afterEach(cleanup);

const withPlan = detail({
  plan: { sprintId: 'sp1', revisions: [revision(1)], current: 1 },
  checks: { revision: 1, graph: [], files: [] },
});

type Step = {
  name: string;
  channel: 'plan:analyze' | 'plan:generate' | 'plan:refine' | 'plan:regenerateItem';
  start: (s: SprintSlice) => Promise<unknown>;
  busyText: string;
  told: RegExp;
};
const steps: Step[] = [
  {
    name: 'Analyze',
    channel: 'plan:analyze',
    start: (s) => s.analyzeSprint(),
    busyText: 'Analyzing',
    told: /Analysis cancelled/,
  },
  {
    name: 'Generate plan',
    channel: 'plan:generate',
    start: (s) => s.generatePlan(),
    busyText: 'Generating the plan',
    told: /Plan generation cancelled/,
  },
  {
    name: 'Refine',
    channel: 'plan:refine',
    start: (s) => s.refinePlan('Split item 2'),
    busyText: 'Refining',
    told: /Refinement cancelled/,
  },
  {
    name: 'Regenerate item',
    channel: 'plan:regenerateItem',
    start: (s) => s.regenerateItem('s2'),
    busyText: 'Regenerating',
    told: /Item regeneration cancelled/,
  },
];

describe('Cancel for the sprint’s model steps', () => {
  it.each(steps)('$name: Cancel appears while it runs, stops it, and ends calmly', async (step) => {
    const setup = await openSprintStore(step.channel === 'plan:analyze' ? detail() : withPlan);
    const { client, store } = setup;
    const running = deferred<SprintDetail>();
    client.handle(step.channel, () => running.promise);
    client.handle('plan:cancel', () => {
      running.reject(new IpcError({ code: 'cancelled', message: 'The request was cancelled.' }));
      return { cancelled: true };
    });
    renderWith(<SprintsPanel />, setup);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    let done!: Promise<unknown>;
    act(() => {
      done = step.start(store.getState());
    });
    expect(screen.getByText(new RegExp(step.busyText))).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await act(async () => void (await done));

    expect(client.callsTo('plan:cancel')).toEqual([{ sprintId: 'sp1' }]);
    expect(store.getState().sprintBusy).toBeNull();
    expect(store.getState().sprintError).toBeNull();
    expect(store.getState().notice).toMatchObject({
      kind: 'info',
      message: expect.stringMatching(step.told),
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('shows Cancelling… once pressed, and a failure that is not a cancel still shows its error', async () => {
    const setup = await openSprintStore(detail());
    const { client, store } = setup;
    const running = deferred<SprintDetail>();
    client.handle('plan:analyze', () => running.promise);
    client.handle('plan:cancel', () => ({ cancelled: true }));
    renderWith(<SprintsPanel />, setup);
    let done!: Promise<unknown>;
    act(() => {
      done = store.getState().analyzeSprint();
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect((screen.getByRole('button', { name: 'Cancelling…' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      running.reject(new IpcError({ code: 'cli_not_found', message: 'The Claude Code CLI was not found.' }));
      await done;
    });
    expect(store.getState().sprintError?.code).toBe('cli_not_found');
    expect(store.getState().notice).toBeNull();
  });
});
