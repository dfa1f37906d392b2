/** Assembling the sprint view's one answer (SprintDetail) from the store, with the checks of the current plan. */
import type { PlanChecks, Sprint, SprintDetail, SprintPlan } from '../../shared/plans';
import type { Story } from '../../shared/stories';
import { ServiceError } from '../base/errors';
import type { ProjectStore } from '../store/projectStore';
import type { PlanInput } from '../workflows/analyzeAmbiguities';
import type { PlanStore } from './planStore';
import { checkPlanFiles, checkPlanGraph } from './pure';
import { currentRevision } from './revisions';
import { markUnseen } from './unseenFiles';

/** The opened project as the plans journey sees it. */
export interface PlanProject {
  path: string;
  store: ProjectStore;
  plans: PlanStore;
}

export async function requireSprint(p: PlanProject, sprintId: string): Promise<Sprint> {
  const sprint = await p.plans.sprints.get(sprintId);
  if (!sprint) throw new ServiceError('not_found', `There is no sprint ${sprintId} in this project.`);
  return sprint;
}

/** The sprint's stories in its order; stories deleted from the backlog since are skipped. */
export async function sprintStories(p: PlanProject, sprint: Sprint): Promise<Story[]> {
  const found = await Promise.all(sprint.storyIds.map((id) => p.store.stories.records.get(id)));
  return found.filter((s): s is Story => s !== undefined);
}

export async function planChecks(
  p: PlanProject,
  sprint: Sprint,
  plan: SprintPlan | null | undefined,
): Promise<PlanChecks | null> {
  if (!plan) return null;
  const current = currentRevision(plan);
  // An approved revision is checked against the files as they were when it was approved, not the work since.
  const approval = plan.approved?.revision === current.number ? plan.approved : undefined;
  const files = await checkPlanFiles(p.path, current.plan, approval?.existed);
  return {
    revision: current.number,
    graph: checkPlanGraph(current.plan, sprint.storyIds),
    files: current.grounding ? markUnseen(files, current.plan, current.grounding.filesRead) : files,
  };
}

export async function sprintDetail(p: PlanProject, sprintId: string): Promise<SprintDetail> {
  const sprint = await requireSprint(p, sprintId);
  const [stories, questions, plan, ris, specs] = await Promise.all([
    sprintStories(p, sprint),
    p.plans.questions.get(sprintId),
    p.plans.plans.get(sprintId),
    p.plans.ris(sprintId).list(),
    p.plans.specs.get(sprintId),
  ]);
  const order = new Map(sprint.storyIds.map((id, i) => [id, i]));
  const byStory = (a: { storyId: string }, b: { storyId: string }) =>
    (order.get(a.storyId) ?? Infinity) - (order.get(b.storyId) ?? Infinity);
  return {
    sprint,
    stories,
    questions: questions ?? null,
    plan: plan ?? null,
    checks: await planChecks(p, sprint, plan),
    ris: ris.sort(byStory),
    assertions: [...(specs?.assertions ?? [])].sort(byStory),
    sprintAssertions: specs?.sprintAssertions ?? null,
    specErrors: specs?.specErrors ?? [],
    specWarnings: specs?.specWarnings ?? [],
  };
}

/** A sprint that may still be worked on (not closed or archived). */
export async function openSprint(p: PlanProject, sprintId: string): Promise<Sprint> {
  const sprint = await requireSprint(p, sprintId);
  if (sprint.status !== 'open')
    throw new ServiceError('sprint_closed', `Sprint "${sprint.title}" is ${sprint.status}; reopen it first.`);
  return sprint;
}

/** The stories to plan: at least one must still be in the backlog. */
export async function storiesOf(p: PlanProject, sprint: Sprint): Promise<Story[]> {
  const stories = await sprintStories(p, sprint);
  if (stories.length === 0)
    throw new ServiceError('not_found', 'None of the stories of this sprint are in the backlog any more.');
  return stories;
}

/** What every plan-making workflow starts from: the sprint's stories (at least one) and the project's context. */
export async function planInput(p: PlanProject, sprint: Sprint): Promise<PlanInput> {
  return { stories: await storiesOf(p, sprint), project: p.store.settings.get() };
}

export async function requirePlan(p: PlanProject, sprintId: string): Promise<SprintPlan> {
  // From disk, not the cache: another face may have added revisions since this one last read the plan.
  return planOrRefuse(await p.plans.plans.current(sprintId));
}

/** The plan, or `no_plan` when the sprint has none yet. */
export function planOrRefuse(plan: SprintPlan | undefined): SprintPlan {
  if (!plan) throw new ServiceError('no_plan', 'This sprint has no plan yet; generate one first.');
  return plan;
}
