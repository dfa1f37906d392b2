/**
 * What the agent tools read from the opened project: a story's sprint, plan item, RIS, assertions and the verdict
 * of their last recorded run, all from the store's files as the app writes them.
 */
import type { AssertionRun } from '../../shared/assertions';
import type { AgentAssertion, AgentPlanItem, AgentStoryLine } from '../../shared/ipc/agentChannels';
import type { PlanItem, Sprint } from '../../shared/plans';
import type { Story } from '../../shared/stories';
import type { StoryVerdict } from '../../shared/verify';
import type { RawAssertion } from '../assertions/evaluate';
import type { PlanStore } from '../plans/planStore';
import { projectVerifySource } from '../verify/projectSource';
import { verifyStory } from '../verify/storyStatus';
import { shortId } from '../../shared/shortIds';

export interface StoredProof {
  assertions: RawAssertion[];
  runs: AssertionRun[];
}

export function readProof(dir: string, storyId: string): Promise<StoredProof> {
  const source = projectVerifySource(dir);
  return Promise.all([source.assertions(storyId).catch(() => []), source.history(storyId)]).then(
    ([assertions, runs]) => ({ assertions, runs }),
  );
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The verdict of the last recorded run; a story whose assertions never ran is not verified (`failing`). */
export function recordedVerdict(story: Pick<Story, 'id' | 'title'>, proof: StoredProof): StoryVerdict {
  if (proof.assertions.length === 0) return 'unspecified';
  const last = proof.runs.at(-1);
  if (!last) return 'failing';
  return verifyStory({
    id: story.id,
    title: story.title,
    assertions: proof.assertions.map((a, i) => ({ id: text(a.id) || `#${i}` })),
    results: last.results,
    earlierRuns: proof.runs.slice(0, -1),
  }).status;
}

/** `all`: the ids the short id must be told apart from (the project's stories). */
export function storyLine(story: Story, verdict: StoryVerdict, all: readonly string[] = []): AgentStoryLine {
  return {
    id: story.id,
    shortId: shortId(story.id, all),
    title: story.title,
    status: story.status,
    verdict,
  };
}

export function assertionsWithLast(proof: StoredProof): AgentAssertion[] {
  const last = new Map((proof.runs.at(-1)?.results ?? []).map((r) => [r.assertionId, r]));
  return proof.assertions.map((a) => {
    const r = last.get(text(a.id));
    return {
      id: text(a.id),
      type: text(a.type),
      target: text(a.target),
      message: text(a.message),
      last: r ? { status: r.status, reason: r.reason } : null,
    };
  });
}

export function planItemView(item: PlanItem): AgentPlanItem {
  const { order, storyId, title, approach, filesCreated, filesModified, dependencies, complexity } = item;
  return { order, storyId, title, approach, filesCreated, filesModified, dependencies, complexity };
}

/** The approved revision's items in order, or null when the sprint has no approved plan. */
export async function approvedItems(
  plans: PlanStore,
  sprintId: string,
): Promise<{ revision: number; items: PlanItem[] } | null> {
  const plan = await plans.plans.get(sprintId);
  const approved = plan?.approved && plan.revisions.find((r) => r.number === plan.approved!.revision);
  if (!approved) return null;
  const items = [...approved.plan.planItems].sort((a, b) => a.order - b.order);
  return { revision: approved.number, items };
}

/** The newest sprint the story is in, or null. */
export async function sprintOf(plans: PlanStore, storyId: string): Promise<Sprint | null> {
  return (await plans.listSprints()).find((s) => s.storyIds.includes(storyId)) ?? null;
}

export async function risOf(plans: PlanStore, sprintId: string, storyId: string): Promise<string | null> {
  return (await plans.ris(sprintId).get(storyId))?.markdown ?? null;
}
