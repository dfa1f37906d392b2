import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CostReport } from '../../../shared/cost';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { CostSummary } from './CostSummary';

afterEach(cleanup);

const report: CostReport = {
  totalUsd: 3.5,
  unattributedUsd: 0.5,
  verifiedCount: 2,
  costPerVerifiedUsd: 1.75,
  sprints: [
    {
      sprintId: 'sp',
      title: 'Export',
      callsUsd: 2,
      calls: 4,
      callsWithoutCost: 0,
      totalUsd: 3,
      storyCount: 3,
      verifiedCount: 2,
      costPerVerifiedUsd: 1.5,
      budgetUsd: 5,
    },
  ],
};

describe('CostSummary', () => {
  it('shows the total, the cost per verified story and each sprint against its budget', async () => {
    const setup = setupStore();
    setup.client.handle('costs:get', () => report);
    await act(async () => {
      renderWith(<CostSummary />, setup);
    });
    const summary = await screen.findByTestId('cost-summary');
    expect(summary.querySelector('p')?.textContent).toBe(
      'All calls $3.50 · 2 verified stories · $1.75 per verified story',
    );
    expect(within(summary).getByRole('list', { name: 'Cost per sprint' }).textContent).toBe(
      'Export: $2.00 of $5.00 budget · $1.50 per verified story',
    );
  });
});
