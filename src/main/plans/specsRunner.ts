/**
 * approve → specs: a RIS per story (with its plan item), then assertions per story (checked right away for
 * assertions that already pass), then the sprint assertions map. Each result is stored as soon as it
 * arrives; a story that fails is recorded in `specErrors` and the run goes on; cancel stops the run and
 * keeps what was stored. Progress is pushed as `plan:progress`.
 */
import type { SpecStep, SpecsProgress, Sprint, SprintDetail } from '../../shared/plans';
import type { Story } from '../../shared/stories';
import { checkDiscriminating } from '../assertions/selfCheck';
import { writeStoryAssertions } from '../assertions/storySets';
import type { Emit } from '../app/core';
import { ServiceError, toIpcError } from '../base/errors';
import type { Logger } from '../base/logger';
import { PromptError } from '../llm/errors';
import { toMeta } from '../services/generationRecord';
import { runWorkflow } from '../workflows/run';
import type { CallOptions, WorkflowDeps } from '../workflows/types';
import type { SprintSpecs } from './planStore';
import { currentPlan, isApproved } from './revisions';
import { sprintStories, type PlanProject } from './sprintDetail';
import { unitsToRun } from './specUnits';
import { unseenTargetWarnings } from './unseenFiles';

export interface SpecsDeps extends WorkflowDeps {
  emit: Emit;
  logger: Logger;
  now: () => Date;
  /** Pushes the sprint's detail after each stored result. */
  changed: (sprintId: string) => Promise<void>;
}

type SpecError = SprintDetail['specErrors'][number];
type SpecWarning = SprintDetail['specWarnings'][number];
/** Headless runs one kind at a time (`puffin plan ris`, `puffin plan assertions`); the app runs all. */
export const ALL_STEPS: readonly SpecStep[] = ['ris', 'assertions', 'sprint_assertions'];
const isCancel = (err: unknown) => err instanceof PromptError && err.code === 'cancelled';

/** Which specs to generate. */
export interface SpecsRun {
  /** Default: every step. */
  steps?: readonly SpecStep[];
  /**
   * Only the units of `steps` without a result or whose last run failed: a rerun of what failed or was cut off
   * by a cancel, not of the calls that succeeded.
   */
  onlyMissing?: boolean;
}

export async function runSpecs(
  deps: SpecsDeps,
  p: PlanProject,
  sprint: Sprint,
  opts: CallOptions,
  { steps = ALL_STEPS, onlyMissing = false }: SpecsRun = {},
): Promise<void> {
  const sprintPlan = await p.plans.plans.current(sprint.id);
  if (!sprintPlan || !isApproved(sprintPlan))
    throw new ServiceError('not_approved', 'Approve the current plan revision before generating specs.');
  const plan = currentPlan(sprintPlan);
  const stories = await sprintStories(p, sprint);
  const project = p.store.settings.get();
  // Errors of the steps run now are replaced; those of other steps (a headless `plan ris` before) stay.
  const previous = await p.plans.specs.current(sprint.id);
  const todo = await unitsToRun(p, sprint.id, stories, steps, onlyMissing ? (previous ?? null) : undefined);
  const total = todo.ris.length + todo.assertions.length + (todo.sprint ? 1 : 0);
  let done = 0;
  const progress = (step: SpecStep, status: SpecsProgress['status'], storyId?: string, message?: string) =>
    deps.emit('plan:progress', {
      sprintId: sprint.id,
      step,
      status,
      done,
      total,
      ...(storyId ? { storyId } : {}),
      ...(message ? { message } : {}),
    });
  const errors: SpecError[] = (previous?.specErrors ?? []).filter((e) => !steps.includes(e.step));
  // Warnings (what a mapping dropped, how the answer was found) follow the same rule.
  const warnings: SpecWarning[] = (previous?.specWarnings ?? []).filter((w) => !steps.includes(w.step));
  const warn = (step: SpecStep, storyId: string, messages: string[]) =>
    warnings.push(...messages.map((message) => ({ storyId, step, message })));
  // Read-modify-write of specs/<sprintId>.json, serialized with the sprint's other writes.
  const updateSpecs = (change: (s: SprintSpecs) => SprintSpecs) =>
    p.plans.serial(sprint.id, () =>
      p.plans.specs.update(sprint.id, (onDisk) => {
        const current = onDisk ?? {
          sprintId: sprint.id,
          assertions: [],
          sprintAssertions: null,
          specErrors: [],
          specWarnings: [],
        };
        return change({ ...current, specErrors: errors, specWarnings: warnings });
      }),
    );
  await updateSpecs((s) => s);

  /** Runs one unit; false when the run was cancelled and must stop. */
  const unit = async (step: SpecStep, storyId: string | undefined, job: () => Promise<void>) => {
    if (opts.signal?.aborted) return false;
    progress(step, 'running', storyId);
    try {
      await job();
      done++;
      progress(step, 'done', storyId);
      return true;
    } catch (err) {
      const e = toIpcError(err);
      errors.push({ storyId: storyId ?? '', step, code: e.code, message: e.message });
      await updateSpecs((s) => s);
      if (isCancel(err) || opts.signal?.aborted) {
        progress(step, 'cancelled', storyId, e.message);
        return false;
      }
      deps.logger.warn(
        `Specs of sprint ${sprint.id}: ${step} failed${storyId ? ` for ${storyId}` : ''}: ${e.message}`,
      );
      done++;
      progress(step, 'failed', storyId, e.message);
      return true;
    } finally {
      await deps.changed(sprint.id);
    }
  };

  const itemOf = (s: Story) => plan.planItems.find((i) => i.storyId === s.id);
  for (const story of todo.ris) {
    const ok = await unit('ris', story.id, async () => {
      const item = itemOf(story);
      if (!item)
        throw new ServiceError('no_plan_item', `The approved plan has no item for story ${story.id}.`);
      const r = await runWorkflow(deps, 'generateRis', { story, item, plan, project }, opts);
      warn('ris', story.id, r.warnings);
      if (r.warnings.length > 0) await updateSpecs((s) => s);
      await p.plans.ris(sprint.id).put({
        sprintId: sprint.id,
        storyId: story.id,
        markdown: r.data.markdown,
        sections: r.data.sections,
        createdAt: deps.now().toISOString(),
        meta: toMeta(r.meta),
      });
    });
    if (!ok) return;
  }
  for (const story of todo.assertions) {
    const ok = await unit('assertions', story.id, async () => {
      const r = await runWorkflow(
        deps,
        'generateStoryAssertions',
        { story, item: itemOf(story), project },
        opts,
      );
      const assertions = r.data;
      const guessed = await unseenTargetWarnings(p.path, assertions, r.grounding, plan);
      warn('assertions', story.id, [...r.warnings, ...guessed]);
      const check = await checkDiscriminating(p.path, assertions);
      await writeStoryAssertions(p.path, story.id, assertions);
      await updateSpecs((s) => ({
        ...s,
        assertions: [
          ...s.assertions.filter((a) => a.storyId !== story.id),
          { storyId: story.id, assertions, notDiscriminating: check.notDiscriminating },
        ],
      }));
    });
    if (!ok) return;
  }
  if (!todo.sprint) return;
  await unit('sprint_assertions', undefined, async () => {
    const r = await runWorkflow(deps, 'generateSprintAssertions', { stories, plan, project }, opts);
    warn('sprint_assertions', '', r.warnings);
    await updateSpecs((s) => ({ ...s, sprintAssertions: r.data }));
  });
}
