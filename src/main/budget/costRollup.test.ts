import { describe, expect, it } from 'vitest';
import { rollUpCosts, type CostRecord } from './costRollup';

function rec(id: string, kind: string, costUsd: number | null, extra: Partial<CostRecord> = {}): CostRecord {
  return { id, kind, meta: { costUsd }, ...extra };
}

// Three stories came from a derive round (0.30) revised once (0.60): s1, s2 accepted from the modify round, s3 from
// the derive round itself. Sprint A holds s1 and s2; sprint B holds s3.
const stories = [
  { id: 's1', generationId: 'mod' },
  { id: 's2', generationId: 'mod' },
  { id: 's3', generationId: 'der' },
];
const sprints = [
  { id: 'A', storyIds: ['s1', 's2'] },
  { id: 'B', storyIds: ['s3'] },
];
const records: CostRecord[] = [
  rec('der', 'derive', 0.3),
  rec('mod', 'modify', 0.6, { parentId: 'der' }),
  rec('plan', 'plan-generate', 1.0, { sprintId: 'A' }),
  rec('ris1', 'spec-ris', 0.25, { sprintId: 'A', storyIds: ['s1'] }),
  rec('crash', 'spec-ris', null, { sprintId: 'A', storyIds: ['s2'] }),
  rec('prompt', 'prompt', 0.05),
  rec('lost', 'derive', 0.2),
];

describe('rollUpCosts', () => {
  const rollup = rollUpCosts({ records, stories, sprints, verified: new Set(['s1', 's3']) });

  it('splits rounds along the modify chain, sprint calls over the sprint, per-story calls to their story', () => {
    // der 0.30 → s1, s2, s3 (0.10 each); mod 0.60 → s1, s2 (0.30 each); plan 1.00 → s1, s2 (0.50 each).
    expect(rollup.stories.s1).toEqual({
      storyId: 's1',
      derivationUsd: 0.4,
      directUsd: 0.25,
      sharedUsd: 0.5,
      totalUsd: 1.15,
      calls: 4,
      callsWithoutCost: 0,
    });
    expect(rollup.stories.s2).toMatchObject({
      derivationUsd: 0.4,
      directUsd: 0,
      totalUsd: 0.9,
      callsWithoutCost: 1,
    });
    expect(rollup.stories.s3).toMatchObject({ derivationUsd: 0.1, sharedUsd: 0, totalUsd: 0.1, calls: 1 });
  });

  it('per sprint: the calls (budget base), the total with derivation, and cost per verified story', () => {
    const a = rollup.sprints.A!;
    expect([a.callsUsd, a.calls, a.callsWithoutCost]).toEqual([1.25, 3, 1]);
    // 1.25 of calls + the derivation of s1 and s2 (0.40 each).
    expect([a.totalUsd, a.storyCount, a.verifiedCount, a.costPerVerifiedUsd]).toEqual([2.05, 2, 1, 2.05]);
    expect(rollup.sprints.B).toMatchObject({ callsUsd: 0, totalUsd: 0.1, costPerVerifiedUsd: 0.1 });
  });

  it('project totals keep what no story or sprint accounts for, and divide everything by the verified stories', () => {
    expect(rollup.totalUsd).toBe(2.4);
    expect(rollup.unattributedUsd).toBe(0.25);
    expect(rollup.verifiedCount).toBe(2);
    expect(rollup.costPerVerifiedUsd).toBe(1.2);
  });

  it('has no cost per verified story while nothing is verified', () => {
    const none = rollUpCosts({ records, stories, sprints, verified: new Set() });
    expect(none.costPerVerifiedUsd).toBeNull();
    expect(none.sprints.A!.costPerVerifiedUsd).toBeNull();
  });
});
