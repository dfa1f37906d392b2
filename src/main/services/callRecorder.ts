/**
 * Keeps the plans journey's CLI calls in the project's history beside the stories generations: one record per
 * call of a workflow that has a history kind (runWorkflow hands each to the sprint's CallHistory), titled after the sprint and the call's
 * subject, so History shows everything a sprint cost and the Activity panel can replay any call. Recording
 * never changes a call's outcome: a record that cannot be stored is logged and the call goes on.
 */
import { randomUUID } from 'node:crypto';
import { EMPTY_META, type Generation } from '../../shared/stories';
import { allowCall } from '../budget/sprintBudget';
import type { SendPromptRequest, SendPromptResult } from '../llm/promptTypes';
import type { ProjectStore } from '../store/projectStore';
import type { CallHistory, RecordedCall } from '../workflows/types';
import type { CallSinks } from './historyRecorder';
import type { JobRunner } from './jobRunner';

export interface RecordContext {
  jobs: JobRunner;
  store: ProjectStore;
  sprintId: string;
  /** The sprint's title when the call starts (the record's title, with the call's subject). */
  sprintTitle: () => Promise<string>;
  now: () => Date;
  /**
   * The sprint's budget (null: none) and what its recorded calls cost so far. With one, each call runs with what
   * is left as --max-budget-usd, is refused (budget_exceeded) when nothing is left, and warns from 80 %.
   */
  budget?: () => Promise<{ limitUsd: number | null; spentUsd: number }>;
}

/** The history of a sprint's calls: runWorkflow hands it every call of a workflow with a history kind. */
export function sprintHistory(ctx: RecordContext): CallHistory {
  return {
    async record<O>(
      call: RecordedCall,
      send: (request: SendPromptRequest) => Promise<SendPromptResult<O>>,
    ): Promise<SendPromptResult<O>> {
      const { kind, request: req } = call;
      const budget = ctx.budget ? await ctx.budget() : null;
      const allowance = allowCall(ctx.sprintId, budget?.limitUsd, budget?.spentUsd ?? 0);
      const sprintTitle = await ctx.sprintTitle().catch(() => ctx.sprintId);
      const record: Generation = {
        id: randomUUID(),
        kind,
        title: req.subject ? `${sprintTitle} · ${req.subject}` : sprintTitle,
        prompt: req.prompt,
        ...(req.model ? { model: req.model } : {}),
        sprintId: ctx.sprintId,
        status: 'running',
        createdAt: ctx.now().toISOString(),
        warnings: [],
        meta: { ...EMPTY_META },
      };
      const outcome = await ctx.jobs.record(ctx.store, record, async (sinks) => {
        const result = await send({
          ...req,
          ...(allowance.maxBudgetUsd === null ? {} : { maxBudgetUsd: allowance.maxBudgetUsd }),
          ...withSinks(sinks, req),
        });
        return allowance.warning ? { ...result, warnings: [...result.warnings, allowance.warning] } : result;
      });
      if (!outcome.ok) throw outcome.error;
      return outcome.result;
    },
  };
}

/** The request's own listeners, with the history's sinks told first. */
export function withSinks(
  sinks: CallSinks,
  req: Pick<SendPromptRequest, 'onEngineEvent' | 'onRetry'>,
): Pick<SendPromptRequest, 'onEngineEvent' | 'onRetry'> {
  return {
    onEngineEvent: (e) => {
      sinks.onEngineEvent(e);
      req.onEngineEvent?.(e);
    },
    onRetry: (n) => {
      sinks.onRetry(n);
      req.onRetry?.(n);
    },
  };
}
