import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CostReport } from '../../../shared/cost';
import { generation } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { sprint } from '../../../../test/support/renderer/sprintFixtures';
import { SprintBudget } from './SprintBudget';

afterEach(cleanup);

function costs(callsUsd: number): CostReport {
  const s = { sprintId: 's1', title: 'S', callsUsd, calls: 2, callsWithoutCost: 0, totalUsd: callsUsd };
  return {
    totalUsd: callsUsd,
    unattributedUsd: 0,
    verifiedCount: 0,
    costPerVerifiedUsd: null,
    sprints: [{ ...s, storyCount: 1, verifiedCount: 0, costPerVerifiedUsd: null, budgetUsd: 10 }],
  };
}

async function show(budgetUsd: number | null, spent: number) {
  const setup = setupStore();
  setup.client.handle('costs:get', () => costs(spent));
  setup.client.handle('sprints:update', (req) => ({ ...sprint({ id: 's1' }), ...req.patch }));
  await act(async () => {
    renderWith(<SprintBudget sprint={sprint({ id: 's1', budgetUsd })} disabled={false} />, setup);
  });
  return setup;
}

describe('SprintBudget', () => {
  it('says what was spent of the budget, and warns from 80 %', async () => {
    await show(10, 4);
    expect(screen.getByTestId('budget-line').textContent).toBe('Spent $4.00 of $10.00 (40 %).');
    cleanup();
    await show(10, 8.5);
    const line = screen.getByRole('alert');
    expect(line.textContent).toBe('Spent $8.50 of $10.00 (85 %).');
    cleanup();
    await show(10, 10.2);
    expect(screen.getByRole('alert').textContent).toContain(
      'the budget is used up, no model call will start',
    );
  });

  it('saves a budget, and an empty field removes it', async () => {
    const { client } = await show(null, 1);
    expect(screen.getByTestId('budget-line').textContent).toBe('Spent $1.00 so far (no budget).');
    fireEvent.change(screen.getByLabelText('Budget (USD)'), { target: { value: '$12.5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save budget' })));
    fireEvent.change(screen.getByLabelText('Budget (USD)'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save budget' })));
    expect(client.callsTo('sprints:update')).toEqual([
      { id: 's1', patch: { budgetUsd: 12.5 } },
      { id: 's1', patch: { budgetUsd: null } },
    ]);
  });

  it('shows what the sprint spent as soon as a call ends, without reopening the sprint', async () => {
    let spent = 0;
    const setup = setupStore();
    setup.client.handle('costs:get', () => costs(spent));
    const unsubscribe = setup.store.getState().connectBoard();
    await act(async () => {
      renderWith(<SprintBudget sprint={sprint({ id: 's1', budgetUsd: 10 })} disabled={false} />, setup);
    });
    expect(screen.getByTestId('budget-line').textContent).toBe('Spent $0.0000 of $10.00 (0 %).');

    spent = 8.25;
    const before = setup.client.callsTo('costs:get').length;
    await act(async () =>
      setup.client.emit('history:changed', generation({ status: 'running', sprintId: 's1' })),
    );
    expect(setup.client.callsTo('costs:get')).toHaveLength(before); // still running: nothing spent yet
    await act(async () =>
      setup.client.emit('history:changed', generation({ status: 'succeeded', sprintId: 's1' })),
    );
    expect(screen.getByRole('alert').textContent).toBe('Spent $8.25 of $10.00 (82 %).');
    unsubscribe();
  });
});
