// Cost per story and per sprint from the history records' costs. Pure. Attribution, in order:
//   - a call that names its stories (`storyIds`) is split evenly among them;
//   - a derive/modify round is split among the stories accepted from it or from a later round of the same chain
//     (a modify round's parent is the round it revised: that work led to the same stories);
//   - any other call of a sprint is split evenly among the sprint's stories;
//   - the rest (plain prompts, rounds whose stories were all rejected) is unattributed.
import type { CostRollup, SprintCost, StoryCost } from '../../shared/cost';

export interface CostRecord {
  id: string;
  kind: string;
  sprintId?: string;
  /** The stories a call was made for, when it was made for particular stories. */
  storyIds?: readonly string[];
  /** The round this one revised (modify rounds). */
  parentId?: string;
  meta: { costUsd: number | null };
}

export interface CostInputs {
  records: readonly CostRecord[];
  stories: readonly { id: string; generationId?: string }[];
  sprints: readonly { id: string; storyIds: readonly string[] }[];
  /** Ids of the stories verified now. */
  verified: ReadonlySet<string>;
}

const ROUND_KINDS = new Set(['derive', 'modify']);

function emptyStory(storyId: string): StoryCost {
  return {
    storyId,
    derivationUsd: 0,
    directUsd: 0,
    sharedUsd: 0,
    totalUsd: 0,
    calls: 0,
    callsWithoutCost: 0,
  };
}

/** Rounds to a millionth of a dollar: sums of float costs should not show 0.30000000000000004. */
function round(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}

/** Round id → the stories accepted from it or from any later round that descends from it. */
function storiesByRound(inputs: CostInputs): Map<string, string[]> {
  const parent = new Map(inputs.records.map((r) => [r.id, r.parentId]));
  const out = new Map<string, string[]>();
  for (const story of inputs.stories) {
    const seen = new Set<string>();
    for (let id = story.generationId; id !== undefined && !seen.has(id); id = parent.get(id)) {
      seen.add(id);
      out.set(id, [...(out.get(id) ?? []), story.id]);
    }
  }
  return out;
}

type Share = 'derivationUsd' | 'directUsd' | 'sharedUsd';

export function rollUpCosts(inputs: CostInputs): CostRollup {
  const stories = new Map(inputs.stories.map((s) => [s.id, emptyStory(s.id)]));
  const sprintStories = new Map(inputs.sprints.map((s) => [s.id, [...s.storyIds]]));
  const rounds = storiesByRound(inputs);
  const sprintCalls = new Map<string, { usd: number; calls: number; without: number }>();
  let totalUsd = 0;
  let unattributedUsd = 0;

  const spread = (ids: readonly string[], usd: number, field: Share, costless: boolean): boolean => {
    const targets = ids.map((id) => stories.get(id) ?? stories.set(id, emptyStory(id)).get(id)!);
    if (targets.length === 0) return false;
    for (const t of targets) {
      t[field] += usd / targets.length;
      t.calls++;
      if (costless) t.callsWithoutCost++;
    }
    return true;
  };

  for (const r of inputs.records) {
    const usd = r.meta.costUsd ?? 0;
    const costless = r.meta.costUsd === null;
    totalUsd += usd;
    if (r.sprintId !== undefined) {
      const s = sprintCalls.get(r.sprintId) ?? { usd: 0, calls: 0, without: 0 };
      sprintCalls.set(r.sprintId, {
        usd: s.usd + usd,
        calls: s.calls + 1,
        without: s.without + (costless ? 1 : 0),
      });
    }
    const attributed =
      (r.storyIds && r.storyIds.length > 0 && spread(r.storyIds, usd, 'directUsd', costless)) ||
      (ROUND_KINDS.has(r.kind) && spread(rounds.get(r.id) ?? [], usd, 'derivationUsd', costless)) ||
      (r.sprintId !== undefined && spread(sprintStories.get(r.sprintId) ?? [], usd, 'sharedUsd', costless));
    if (!attributed) unattributedUsd += usd;
  }

  const storyOut: Record<string, StoryCost> = {};
  for (const s of stories.values()) {
    const total = s.derivationUsd + s.directUsd + s.sharedUsd;
    storyOut[s.storyId] = {
      ...s,
      derivationUsd: round(s.derivationUsd),
      directUsd: round(s.directUsd),
      sharedUsd: round(s.sharedUsd),
      totalUsd: round(total),
    };
  }

  const sprintOut: Record<string, SprintCost> = {};
  for (const sprint of inputs.sprints) {
    const calls = sprintCalls.get(sprint.id) ?? { usd: 0, calls: 0, without: 0 };
    const derivation = sprint.storyIds.reduce((sum, id) => sum + (stories.get(id)?.derivationUsd ?? 0), 0);
    const verifiedCount = sprint.storyIds.filter((id) => inputs.verified.has(id)).length;
    const total = calls.usd + derivation;
    sprintOut[sprint.id] = {
      sprintId: sprint.id,
      callsUsd: round(calls.usd),
      calls: calls.calls,
      callsWithoutCost: calls.without,
      totalUsd: round(total),
      storyCount: sprint.storyIds.length,
      verifiedCount,
      costPerVerifiedUsd: verifiedCount > 0 ? round(total / verifiedCount) : null,
    };
  }

  const verifiedCount = [...stories.keys()].filter((id) => inputs.verified.has(id)).length;
  return {
    stories: storyOut,
    sprints: sprintOut,
    totalUsd: round(totalUsd),
    unattributedUsd: round(unattributedUsd),
    verifiedCount,
    costPerVerifiedUsd: verifiedCount > 0 ? round(totalUsd / verifiedCount) : null,
  };
}
