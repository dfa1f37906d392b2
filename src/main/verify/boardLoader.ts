// Gathers the board's facts from the opened project (backlog, sprints, approved plans, assertion sets and their run
// history, the history records' costs, git's changes since each sprint started) and builds the board.
import type { AssertionRun } from '../../shared/assertions';
import type { BoardData } from '../../shared/board';
import type { CostReport } from '../../shared/cost';
import { storyIdsWithSets } from '../assertions/storySets';
import { rollUpCosts } from '../budget/costRollup';
import { headCommit } from '../base/gitRepo';
import { PlanStore } from '../plans/planStore';
import type { ProjectStore } from '../store/projectStore';
import { trackerLinksByStory } from './trackerLinks';
import { buildBoard, type BoardFacts } from './boardModel';
import { sprintChanges } from '../base/gitRepo';
import { projectVerifySource } from './projectSource';

type SprintFacts = BoardFacts['sprints'][number];

async function sprintFacts(projectDir: string, plans: PlanStore): Promise<SprintFacts[]> {
  const sprints = await plans.listSprints();
  return Promise.all(
    sprints.map(async (s): Promise<SprintFacts> => {
      const plan = await plans.plans.get(s.id).catch(() => undefined);
      const approved = plan?.approved && plan.revisions.find((r) => r.number === plan.approved!.revision);
      return {
        id: s.id,
        title: s.title,
        storyIds: s.storyIds,
        createdAt: s.createdAt,
        budgetUsd: (s as { budgetUsd?: number | null }).budgetUsd ?? null,
        approvedItems: approved ? approved.plan.planItems : null,
        changes: approved ? await sprintChanges(projectDir, s).catch(() => null) : null,
      };
    }),
  );
}

/**
 * Everything the board is built from, costs included (they need the verdicts, so the board is built once first).
 * `live`: the watch's results, so the verified stories the costs count are the ones the board shows.
 */
export async function loadBoardFacts(
  projectDir: string,
  store: ProjectStore,
  live?: BoardFacts['live'],
): Promise<BoardFacts> {
  const source = projectVerifySource(projectDir);
  const [stories, records, sprints, withSets, commit] = await Promise.all([
    store.stories.list(),
    store.history.list(),
    sprintFacts(projectDir, new PlanStore(store.dir)),
    storyIdsWithSets(projectDir),
    headCommit(projectDir),
  ]);
  const assertions = new Map<string, { id: string; message?: string }[]>();
  const history = new Map<string, AssertionRun[]>();
  await Promise.all(
    withSets.map(async (id) => {
      const [set, runs] = await Promise.all([source.assertions(id).catch(() => []), source.history(id)]);
      assertions.set(id, set);
      history.set(id, runs);
    }),
  );
  const facts: BoardFacts = {
    stories,
    sprints,
    assertions,
    history,
    costs: null,
    commit,
    ...(live ? { live } : {}),
  };
  const verified = new Set(
    buildBoard(facts)
      .stories.filter((s) => s.column === 'verified')
      .map((s) => s.id),
  );
  return { ...facts, costs: rollUpCosts({ records, stories, sprints, verified }) };
}

export async function loadBoard(projectDir: string, store: ProjectStore): Promise<BoardData> {
  const [facts, trackerLinks] = await Promise.all([
    loadBoardFacts(projectDir, store),
    trackerLinksByStory(projectDir),
  ]);
  return { ...buildBoard(facts), trackerLinks };
}

/** The cost report History shows, from the same facts as the board. */
export async function loadCostReport(projectDir: string, store: ProjectStore): Promise<CostReport> {
  const facts = await loadBoardFacts(projectDir, store);
  const costs = facts.costs!;
  return {
    totalUsd: costs.totalUsd,
    unattributedUsd: costs.unattributedUsd,
    verifiedCount: costs.verifiedCount,
    costPerVerifiedUsd: costs.costPerVerifiedUsd,
    sprints: facts.sprints.flatMap((s) => {
      const c = costs.sprints[s.id];
      return c ? [{ ...c, title: s.title, budgetUsd: s.budgetUsd ?? null }] : [];
    }),
  };
}
