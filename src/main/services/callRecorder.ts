/**
 * Keeps the plans journey's CLI calls in the project's history beside the stories generations: one record per
 * call of a workflow that has a history kind (src/shared/workflows.ts), titled after the sprint and the call's
 * subject, so History shows everything a sprint cost and the Activity panel can replay any call. Recording
 * never changes a call's outcome: a record that cannot be stored is logged and the call goes on.
 */
import { randomUUID } from 'node:crypto';
import { EMPTY_META, type Generation } from '../../shared/stories';
import { historyKindOf } from '../../shared/workflows';
import { allowCall } from '../budget/sprintBudget';
import type { SendPrompt, SendPromptRequest, SendPromptResult } from '../llm/promptTypes';
import type { ProjectStore } from '../store/projectStore';
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

/** `base`, with every call of a recorded workflow kept in the history; other calls pass through untouched. */
export function recordingSendPrompt(base: SendPrompt, ctx: RecordContext): SendPrompt {
  const call = async (req: SendPromptRequest): Promise<SendPromptResult> => {
    const kind = historyKindOf(req.workflow);
    if (!kind) return base(req);
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
      const result = await base({
        ...req,
        ...(allowance.maxBudgetUsd === null ? {} : { maxBudgetUsd: allowance.maxBudgetUsd }),
        onEngineEvent: (e) => {
          sinks.onEngineEvent(e);
          req.onEngineEvent?.(e);
        },
        onRetry: (n) => {
          sinks.onRetry(n);
          req.onRetry?.(n);
        },
      });
      return allowance.warning ? { ...result, warnings: [...result.warnings, allowance.warning] } : result;
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  };
  return call as SendPrompt;
}
