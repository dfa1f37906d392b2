/**
 * What an agent should work on next: the first story in the approved plan's order that is not verified at the
 * current tree and whose dependencies are, or null with the reason. The sprint's assertions run now (recorded
 * as `puffin verify --sprint` records them), so a story finished a minute ago is not offered again.
 */
import type { ResponseOf } from '../../shared/ipc/contract';
import type { Sprint } from '../../shared/plans';
import type { Story } from '../../shared/stories';
import type { StoryVerdict } from '../../shared/verify';
import { ServiceError } from '../base/errors';
import type { PlanStore } from '../plans/planStore';
import { projectVerifySource } from '../verify/projectSource';
import { approvedItems, storyLine } from './agentFacts';

type NextStory = ResponseOf<'agent:nextStory'>;

async function pickSprint(plans: PlanStore, sprintId: string | null): Promise<Sprint | null> {
  if (sprintId !== null) {
    const s = await plans.sprints.get(sprintId);
    if (!s)
      throw new ServiceError('not_found', `There is no sprint ${sprintId} in this project.`, { sprintId });
    return s;
  }
  // Newest first: the open sprint the team planned last.
  for (const s of await plans.listSprints()) {
    if (s.status === 'open' && (await approvedItems(plans, s.id))) return s;
  }
  return null;
}

export async function nextInPlan(input: {
  dir: string;
  plans: PlanStore;
  stories: readonly Story[];
  sprintId: string | null;
}): Promise<NextStory> {
  const sprint = await pickSprint(input.plans, input.sprintId);
  if (!sprint)
    return {
      story: null,
      sprintId: null,
      reason:
        'No open sprint has an approved plan: plan and approve a sprint first (or name one with sprint).',
    };
  const approved = await approvedItems(input.plans, sprint.id);
  if (!approved)
    return { story: null, sprintId: sprint.id, reason: `Sprint ${sprint.id} has no approved plan yet.` };
  const { verifyProject } = await import('../verify/verifyProject');
  const { report } = await verifyProject(input.dir, projectVerifySource(input.dir), { sprintId: sprint.id });
  const verdicts = new Map<string, StoryVerdict>(report.stories.map((s) => [s.id, s.status]));
  const byId = new Map(input.stories.map((s) => [s.id, s]));
  const blocked: string[] = [];
  for (const item of approved.items) {
    const story = byId.get(item.storyId);
    const verdict = verdicts.get(item.storyId) ?? 'unspecified';
    if (!story || story.status === 'archived' || verdict === 'verified') continue;
    const waiting = item.dependencies.filter((d) => verdicts.get(d) !== 'verified');
    if (waiting.length > 0) {
      blocked.push(`${item.storyId} waits on ${waiting.join(', ')}`);
      continue;
    }
    return {
      story: storyLine(story, verdict),
      sprintId: sprint.id,
      reason: `Item ${item.order} of the plan: the first not verified whose dependencies are verified.`,
    };
  }
  return {
    story: null,
    sprintId: sprint.id,
    reason:
      blocked.length > 0
        ? `Every story left waits on a dependency that is not verified: ${blocked.slice(0, 10).join('; ')}.`
        : `Every story of sprint ${sprint.id}'s plan is verified.`,
  };
}
