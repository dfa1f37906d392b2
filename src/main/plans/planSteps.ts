/**
 * The plan's model steps: each runs one workflow over the sprint and returns the revision it makes. Storing it
 * (and the one-call-per-sprint rule, cancel, history) stays with PlanService, which calls these.
 */
import type { Sprint } from '../../shared/plans';
import { ServiceError } from '../base/errors';
import { revisionMeta } from '../services/generationRecord';
import { runWorkflow } from '../workflows/run';
import type { CallOptions, WorkflowDeps } from '../workflows/types';
import { mergeRegeneratedItem } from './pure';
import { currentPlan, type NewRevision } from './revisions';
import { planInput, requirePlan, type PlanProject } from './sprintDetail';

/** What every step needs to call the model for one sprint. */
export interface PlanStepContext {
  p: PlanProject;
  sprint: Sprint;
  opts: CallOptions;
  llm: WorkflowDeps;
}

/** A new plan from the sprint's stories and the answered questions. */
export async function generatedRevision({ p, sprint, opts, llm }: PlanStepContext): Promise<NewRevision> {
  const questions = (await p.plans.questions.get(sprint.id)) ?? null;
  const r = await runWorkflow(llm, 'generatePlan', { ...(await planInput(p, sprint)), questions }, opts);
  return { kind: 'generated', plan: r.data, changelog: [], followUpQuestions: [], ...revisionMeta(r) };
}

/** The current plan changed as the feedback asks, with the model's changelog and follow-up questions. */
export async function refinedRevision(ctx: PlanStepContext, feedback: string): Promise<NewRevision> {
  const { p, sprint, opts, llm } = ctx;
  const plan = await requirePlan(p, sprint.id);
  const questions = (await p.plans.questions.get(sprint.id)) ?? null;
  const input = { ...(await planInput(p, sprint)), plan: currentPlan(plan), feedback, questions };
  const r = await runWorkflow(llm, 'refinePlan', input, opts);
  return {
    kind: 'refined',
    plan: r.data.plan,
    changelog: r.data.changelog,
    followUpQuestions: r.data.followUpQuestions,
    feedback,
    ...revisionMeta(r),
  };
}

/** Only that story's item changes; the other items are kept exactly (mergeRegeneratedItem). */
export async function regeneratedItemRevision(
  ctx: PlanStepContext,
  storyId: string,
  feedback?: string,
): Promise<NewRevision> {
  const { p, sprint, opts, llm } = ctx;
  if (!sprint.storyIds.includes(storyId))
    throw new ServiceError('not_found', `Story ${storyId} is not part of this sprint.`);
  const current = currentPlan(await requirePlan(p, sprint.id));
  const input = {
    ...(await planInput(p, sprint)),
    plan: current,
    storyId,
    ...(feedback ? { feedback } : {}),
  };
  const r = await runWorkflow(llm, 'regeneratePlanItem', input, opts);
  return {
    kind: 'item_regenerated',
    plan: mergeRegeneratedItem(current, storyId, r.data),
    changelog: [`Regenerated the plan item of story ${storyId}.`],
    followUpQuestions: [],
    regeneratedStoryId: storyId,
    ...(feedback ? { feedback } : {}),
    ...revisionMeta(r),
  };
}
