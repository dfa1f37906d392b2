// The sprint budget as every recorded call meets it: what is left goes to the CLI as --max-budget-usd, a warning
// from 80 %, and a call with nothing left is refused before anything runs or is stored.
import { describe, expect, it } from 'vitest';
import type { Generation } from '../../shared/stories';
import { BudgetExceededError } from '../budget/sprintBudget';
import type { SendPromptRequest, SendPromptResult } from '../llm/promptTypes';
import { memoryLogger } from '../../../test/support/memoryLogger';
import type { ProjectStore } from '../store/projectStore';
import { sprintHistory } from './callRecorder';
import { JobRunner } from './jobRunner';

const now = () => new Date('2025-01-01T00:00:00Z');

function setup(budget: { limitUsd: number | null; spentUsd: number }) {
  const stored: Generation[] = [];
  const store = {
    history: {
      put: async (g: Generation) => void stored.push(g),
      openRawText: () => ({ write: () => {}, finish: async () => {} }),
    },
  } as unknown as ProjectStore;
  const seen: SendPromptRequest[] = [];
  const base = async (req: SendPromptRequest): Promise<SendPromptResult> => {
    seen.push(req);
    return {
      data: {},
      source: 'structured_output',
      warnings: [],
      meta: { cliVersion: '2', costUsd: 0.1, turns: 1, durationMs: 1, sessionId: 's', model: 'm' },
    };
  };
  const history = sprintHistory({
    jobs: new JobRunner({ logger: memoryLogger().logger, now, onChanged: () => {} }),
    store,
    sprintId: 'S',
    sprintTitle: async () => 'Sprint',
    now,
    budget: async () => budget,
  });
  const request = { workflow: 'generatePlan', prompt: 'p', schema: 'plan' } as SendPromptRequest;
  const call = () => history.record({ kind: 'plan-generate', request }, base);
  return { call, seen, stored };
}

describe('sprintHistory with a sprint budget', () => {
  it('passes what is left as maxBudgetUsd, and no cap without a budget', async () => {
    const capped = setup({ limitUsd: 10, spentUsd: 2.5 });
    const r = await capped.call();
    expect(capped.seen[0]!.maxBudgetUsd).toBe(7.5);
    expect(r.warnings).toEqual([]);
    const free = setup({ limitUsd: null, spentUsd: 99 });
    await free.call();
    expect(free.seen[0]!.maxBudgetUsd).toBeUndefined();
  });

  it('warns from 80 % in the answer and in its history record', async () => {
    const s = setup({ limitUsd: 10, spentUsd: 8.5 });
    const r = await s.call();
    const warning = 'Sprint S has used 85 % of its budget ($8.50 of $10.00; $1.50 left).';
    expect(r.warnings).toEqual([warning]);
    expect(s.stored.at(-1)!.warnings).toEqual([warning]);
  });

  it('refuses a call past the budget with budget_exceeded naming the spend, before running or storing it', async () => {
    const s = setup({ limitUsd: 10, spentUsd: 10.25 });
    const err = await s.call().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BudgetExceededError);
    expect((err as BudgetExceededError).code).toBe('budget_exceeded');
    expect((err as Error).message).toContain('has spent $10.25 of its $10.00 budget');
    expect(s.seen).toEqual([]);
    expect(s.stored).toEqual([]);
  });
});
