/**
 * Keeps the plans journey's CLI calls in the project's history beside the stories generations: one record per
 * call (stored `running` first, final afterwards) with its cost, turns, duration, source, warnings and raw CLI
 * lines, so History shows everything a sprint cost and the Activity panel can replay any call. Recording never
 * changes a call's outcome: a record that cannot be stored is logged and the call goes on.
 */
import { randomUUID } from 'node:crypto';
import { EMPTY_META, type Generation, type GenerationKind } from '../../shared/stories';
import type { Logger } from '../core/logger';
import type { SendPrompt, SendPromptRequest } from '../llm/promptTypes';
import type { ProjectStore } from '../store/projectStore';
import { failed, succeeded } from './generationRecord';
import { RawLineRecorder } from './rawLineRecorder';

/** The plans-journey workflows (see planWorkflows.ts and specWorkflows.ts) and the kind each is recorded as. */
const KIND_BY_WORKFLOW: Readonly<Record<string, GenerationKind>> = {
  analyzeAmbiguities: 'plan-analyze',
  generatePlan: 'plan-generate',
  refinePlan: 'plan-refine',
  regeneratePlanItem: 'plan-item',
  generateRis: 'spec-ris',
  generateStoryAssertions: 'spec-assertions',
  generateSprintAssertions: 'spec-sprint-assertions',
};

export interface RecordContext {
  store: ProjectStore;
  sprintId: string;
  /** The sprint's title when the call starts (the record's title, with the call's subject). */
  sprintTitle: () => Promise<string>;
  now: () => Date;
  onChanged: (g: Generation) => void;
  logger: Logger;
}

/** `base`, with every call of a plans-journey workflow recorded; other calls pass through untouched. */
export function recordingSendPrompt(base: SendPrompt, ctx: RecordContext): SendPrompt {
  const store = async (record: Generation, raw?: RawLineRecorder) => {
    try {
      if (raw) await ctx.store.history.writeRawLines(record.id, raw.lines());
      await ctx.store.history.put(record);
      ctx.onChanged(record);
    } catch (err) {
      ctx.logger.error(`Could not store the history record of ${record.kind} ${record.id}: ${String(err)}`);
    }
  };
  const call = async (req: SendPromptRequest) => {
    const kind = KIND_BY_WORKFLOW[req.workflow];
    if (!kind) return base(req);
    const sprintTitle = await ctx.sprintTitle().catch(() => ctx.sprintId);
    let record: Generation = {
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
    await store(record);
    const raw = new RawLineRecorder();
    const onEvent = req.onEvent;
    try {
      const result = await base({
        ...req,
        onEvent: (e) => {
          raw.push(e);
          onEvent?.(e);
        },
      });
      record = succeeded(record, result);
      return result;
    } catch (err) {
      record = failed(record, err);
      throw err;
    } finally {
      await store({ ...record, finishedAt: ctx.now().toISOString() }, raw);
    }
  };
  return call as SendPrompt;
}
