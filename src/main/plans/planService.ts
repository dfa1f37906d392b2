/**
 * The plans journey for every face (IPC handlers, headless CLI): sprints, ambiguity questions and answers,
 * plan revisions (generate, refine, regenerate one item, restore), approval, specs and export.
 * One model call at a time per sprint (a second is refused with `busy`); `cancel` aborts it. Every change
 * is stored first, then pushed as `sprint:changed` (and `sprints:changed` when the sprint record changed).
 */
import { relative, sep } from 'node:path';
import type { RequestOf } from '../../shared/ipc/contract';
import type { Sprint, SprintDetail, SprintPlan } from '../../shared/plans';
import type { Emit } from '../app/core';
import { ServiceError } from '../base/errors';
import type { Logger } from '../base/logger';
import type { GroundingProvider } from '../llm/grounding/callGrounding';
import type { SendPrompt } from '../llm/promptTypes';
import type { ProjectStore } from '../store/projectStore';
import { fallbackTitle, generateTitle } from '../workflows/generateTitle';
import { runWorkflow } from '../workflows/run';
import type { CallOptions, WorkflowDeps } from '../workflows/types';
import { headCommit } from '../base/gitRepo';
import { sprintBudget } from './sprintSpend';
import { sprintHistory } from '../services/callRecorder';
import { JobRunner } from '../services/jobRunner';
import { approvePlan, mergeAnswers, newQuestions, newSprint } from './planRecords';
import { planPreview } from './planPreview';
import { PlanStore } from './planStore';
import { existingPlanPaths, writeSprintExport } from './pure';
import {
  generatedRevision,
  refinedRevision,
  regeneratedItemRevision,
  type PlanStepContext,
} from './planSteps';
import { appendRevision, currentRevision, findRevision, type NewRevision } from './revisions';
import { runSpecs, type SpecsRun } from './specsRunner';
import {
  openSprint,
  planChecks,
  planInput,
  planOrRefuse,
  requireSprint,
  sprintDetail,
  type PlanProject,
} from './sprintDetail';

export interface PlanServiceDeps {
  sendPrompt: SendPrompt;
  /** The opened project: its store (throws `no_project`) and folder (the CLI's working directory). */
  project: () => { store: ProjectStore; path: string };
  emit: Emit;
  logger: Logger;
  now?: () => Date;
  /** Grounds the plan calls in the project (absent: every call is hermetic). */
  grounding?: GroundingProvider;
}

export class PlanService {
  private readonly stores = new Map<string, PlanStore>();
  private readonly jobs: JobRunner;
  private readonly now: () => Date;

  constructor(private readonly deps: PlanServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.jobs = new JobRunner({
      logger: deps.logger,
      now: this.now,
      onChanged: (g) => deps.emit('history:changed', g),
      onActivity: (a) => deps.emit('call:activity', a),
    });
  }

  async list(): Promise<Sprint[]> {
    return this.project().plans.listSprints();
  }
  async get(sprintId: string): Promise<SprintDetail> {
    return sprintDetail(this.project(), sprintId);
  }

  /** Stored at once with the given title or a local one; a generated title follows (`sprints:changed`). */
  async create(req: RequestOf<'sprints:create'>): Promise<Sprint> {
    const p = this.project();
    const stories = await Promise.all(req.storyIds.map((id) => p.store.stories.records.get(id)));
    const missing = req.storyIds.filter((_, i) => !stories[i]);
    if (missing.length)
      throw new ServiceError('not_found', `These stories are not in the backlog: ${missing.join(', ')}.`);
    const titleSource = stories.map((s) => s!.title).join('; ');
    const start = await headCommit(p.path); // what "changed since the sprint started" compares with
    const sprint = newSprint(req.storyIds, req.title ?? fallbackTitle(titleSource), this.now(), start);
    await p.plans.sprints.put(sprint);
    await this.sprintsChanged(p);
    if (!req.title) this.jobs.inBackground((signal) => this.retitle(p, sprint, titleSource, signal));
    return sprint;
  }

  /** `ifTitle`: only when the title is still that one (a generated title never overrides the user's). */
  async update(id: string, patch: RequestOf<'sprints:update'>['patch'], ifTitle?: string): Promise<Sprint> {
    const p = this.project();
    return p.plans.serial(id, async () => {
      let changed = false;
      const { record } = await p.plans.sprints.update(id, (sprint) => {
        if (!sprint) throw new ServiceError('not_found', `There is no sprint ${id} in this project.`);
        if (ifTitle !== undefined && sprint.title !== ifTitle) return sprint;
        changed = true;
        return { ...sprint, ...patch, updatedAt: this.now().toISOString() };
      });
      if (!changed) return record;
      await this.sprintsChanged(p);
      await this.changed(p, id);
      return record;
    });
  }

  /** Questions first; when there are none, the plan is generated in the same call. */
  analyze(sprintId: string): Promise<SprintDetail> {
    return this.exclusive(sprintId, async (p, opts, llm) => {
      const sprint = await openSprint(p, sprintId);
      const r = await runWorkflow(llm, 'analyzeAmbiguities', await planInput(p, sprint), opts);
      const { record: questions } = await p.plans.serial(sprintId, () =>
        p.plans.questions.update(sprintId, (previous) =>
          newQuestions(sprintId, r.data, previous, this.now()),
        ),
      );
      if (questions.questions.length > 0) return this.changed(p, sprintId);
      await this.changed(p, sprintId);
      return this.addRevision(p, sprintId, await generatedRevision({ p, sprint, opts, llm }));
    });
  }

  /** Merges answers by question id; an empty answer removes one. */
  async answer(sprintId: string, answers: Record<string, string>): Promise<SprintDetail> {
    const p = this.project();
    return p.plans.serial(sprintId, async () => {
      await openSprint(p, sprintId);
      await p.plans.questions.update(sprintId, (q) => {
        if (!q) throw new ServiceError('no_questions', 'Analyse the sprint before answering its questions.');
        return mergeAnswers(q, answers);
      });
      return this.changed(p, sprintId);
    });
  }

  generate(sprintId: string): Promise<SprintDetail> {
    return this.planStep(sprintId, generatedRevision);
  }

  refine(sprintId: string, feedback: string): Promise<SprintDetail> {
    return this.planStep(sprintId, (ctx) => refinedRevision(ctx, feedback));
  }

  /** Only that story's item changes; the other items are kept exactly. */
  regenerateItem(sprintId: string, storyId: string, feedback?: string): Promise<SprintDetail> {
    return this.planStep(sprintId, (ctx) => regeneratedItemRevision(ctx, storyId, feedback));
  }

  async restore(sprintId: string, revision: number): Promise<SprintDetail> {
    const p = this.project();
    await openSprint(p, sprintId);
    // The revision is looked for in the plan on disk: another face may have added it since this one read it.
    return this.addRevision(p, sprintId, (existing) => ({
      kind: 'restored',
      plan: findRevision(planOrRefuse(existing), revision).plan,
      changelog: [`Restored revision ${revision}.`],
      followUpQuestions: [],
      restoredFrom: revision,
    }));
  }

  /** Refused while the dependency graph has issues, and on file mismatches unless they are accepted. */
  async approve(sprintId: string, acceptFileMismatches = false): Promise<SprintDetail> {
    const p = this.project();
    return p.plans.serial(sprintId, async () => {
      const sprint = await openSprint(p, sprintId);
      await p.plans.plans.update(sprintId, async (onDisk) => {
        const plan = planOrRefuse(onDisk);
        const checks = (await planChecks(p, sprint, plan))!;
        const existed = await existingPlanPaths(p.path, currentRevision(plan).plan);
        return approvePlan(plan, checks, acceptFileMismatches, this.now(), existed);
      });
      return this.changed(p, sprintId);
    });
  }

  /** RIS, then assertions per story, then the sprint assertions; resolves with what was kept, even when cancelled. */
  specs(sprintId: string, run: SpecsRun = {}): Promise<SprintDetail> {
    return this.exclusive(sprintId, async (p, opts, llm) => {
      const sprint = await openSprint(p, sprintId);
      const changed = (id: string) => this.changed(p, id).then(() => undefined);
      await runSpecs({ ...this.deps, ...llm, now: this.now, changed }, p, sprint, opts, run);
      return this.changed(p, sprintId);
    });
  }

  cancel(sprintId: string): { cancelled: boolean } {
    return this.jobs.cancel(sprintId);
  }

  async export(sprintId: string): Promise<{ path: string }> {
    const p = this.project();
    const { path } = await writeSprintExport(p.path, await sprintDetail(p, sprintId));
    return { path: relative(p.path, path).split(sep).join('/') };
  }

  /** App quit / host stop: cancels every running call and starts no more titles. */
  cancelAll(): void {
    this.jobs.cancelAll();
  }

  /** Resolves when every running call and background title has been stored. */
  idle(): Promise<void> {
    return this.jobs.idle();
  }

  // --- internals ---

  private project(): PlanProject {
    const { store, path } = this.deps.project();
    let plans = this.stores.get(store.dir);
    if (!plans)
      this.stores.set(store.dir, (plans = new PlanStore(store.dir, this.deps.logger, store.ctx.onProblem)));
    return { store, path, plans };
  }

  /**
   * Runs one model job for the sprint: refused while another runs, cancellable, and with `llm` the sprint's
   * history, where runWorkflow keeps every recorded call (see callRecorder.ts).
   */
  private async exclusive<T>(
    sprintId: string,
    job: (p: PlanProject, opts: CallOptions, llm: WorkflowDeps) => Promise<T>,
  ): Promise<T> {
    const p = this.project();
    const busy = () =>
      new ServiceError('busy', 'This sprint is already being worked on; wait for it or cancel it.');
    return this.jobs.run(sprintId, busy, async (signal) => {
      const sprintTitle = async () => (await requireSprint(p, sprintId)).title;
      const budget = sprintBudget(p, sprintId);
      const calls = { jobs: this.jobs, store: p.store, sprintId, sprintTitle, now: this.now, budget };
      return job(
        p,
        {
          signal,
          cwd: p.path,
          grounding: await this.deps.grounding?.(p.path, p.store.settings.get(), { signal }),
          preview: planPreview(sprintId, (preview) => this.deps.emit('plan:preview', preview)),
        },
        { sendPrompt: this.deps.sendPrompt, history: sprintHistory(calls) },
      );
    });
  }

  /** One model step on an open sprint (planSteps.ts), its revision stored as the current one. */
  private planStep(
    sprintId: string,
    step: (ctx: PlanStepContext) => Promise<NewRevision>,
  ): Promise<SprintDetail> {
    return this.exclusive(sprintId, async (p, opts, llm) => {
      const sprint = await openSprint(p, sprintId);
      return this.addRevision(p, sprintId, await step({ p, sprint, opts, llm }));
    });
  }

  /** Appends to the plan as it is on disk now, never to a copy: another face may have added revisions since. */
  private async addRevision(
    p: PlanProject,
    sprintId: string,
    next: NewRevision | ((existing: SprintPlan | undefined) => NewRevision),
  ): Promise<SprintDetail> {
    await p.plans.serial(sprintId, () =>
      p.plans.plans.update(sprintId, (existing) =>
        appendRevision(sprintId, existing, typeof next === 'function' ? next(existing) : next, this.now()),
      ),
    );
    return this.changed(p, sprintId);
  }

  private async changed(p: PlanProject, sprintId: string): Promise<SprintDetail> {
    const detail = await sprintDetail(p, sprintId);
    this.deps.emit('sprint:changed', detail);
    return detail;
  }

  private async sprintsChanged(p: PlanProject): Promise<void> {
    this.deps.emit('sprints:changed', await p.plans.listSprints());
  }

  private async retitle(p: PlanProject, created: Sprint, text: string, signal: AbortSignal): Promise<void> {
    const t = await generateTitle(this.deps, text, { signal });
    // The local title is already stored; a title the user set meanwhile wins over the generated one.
    if (!t.fallback) await this.update(created.id, { title: t.title }, created.title);
  }
}
