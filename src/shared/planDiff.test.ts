import { describe, expect, it } from 'vitest';
import { diffPlans } from './planDiff';
import type { Plan } from './schema-types';
import { planItem } from '../../test/support/planFixtures';

const item = planItem;

const base: Plan = {
  planItems: [
    item('a', 1, { filesCreated: ['src/a.ts'], filesModified: ['src/index.ts'] }),
    item('b', 2, { dependencies: ['a'] }),
    item('c', 3),
  ],
  sharedComponents: [{ path: 'src/shared/x.ts', purpose: 'Helpers', usedBy: ['a', 'b'] }],
  risks: [{ description: 'Slow disk', impact: 'low', mitigation: 'Cache' }],
  implementationOrder: ['a', 'b', 'c'],
};

describe('diffPlans', () => {
  it('reports two identical plans as identical', () => {
    const d = diffPlans(base, structuredClone(base));
    expect(d.identical).toBe(true);
    expect(d.items).toEqual([]);
    expect(d.unchangedItems).toEqual(['a', 'b', 'c']);
    expect(d.implementationOrder).toBeNull();
  });

  it('lists added, removed and changed items with their changed fields', () => {
    const to: Plan = {
      planItems: [
        item('a', 1, {
          title: 'New title',
          filesCreated: ['src/a.ts', 'src/a.test.ts'],
          filesModified: [],
          complexity: 'high',
        }),
        item('c', 2, { notes: 'Careful', dependencies: ['a', 'd'] }),
        item('d', 3, { approach: 'Fresh' }),
      ],
      sharedComponents: [
        { path: 'src/shared/x.ts', purpose: 'Helpers', usedBy: ['a', 'c'] },
        { path: 'src/shared/y.ts', purpose: 'New', usedBy: ['d'] },
      ],
      risks: [
        { description: 'Slow disk', impact: 'high', mitigation: 'Cache' },
        { description: 'Flaky CI', impact: 'medium', mitigation: 'Retry' },
      ],
      implementationOrder: ['a', 'd', 'c'],
    };
    const d = diffPlans(base, to);
    expect(d.identical).toBe(false);
    expect(d.unchangedItems).toEqual([]);
    expect(d.items).toEqual([
      {
        kind: 'changed',
        storyId: 'a',
        from: base.planItems[0],
        to: to.planItems[0],
        changes: [
          { field: 'title', from: 'Item a', to: 'New title' },
          { field: 'complexity', from: 'low', to: 'high' },
          { field: 'filesCreated', added: ['src/a.test.ts'], removed: [] },
          { field: 'filesModified', added: [], removed: ['src/index.ts'] },
        ],
      },
      {
        kind: 'changed',
        storyId: 'c',
        from: base.planItems[2],
        to: to.planItems[1],
        changes: [
          { field: 'notes', from: '', to: 'Careful' },
          { field: 'order', from: 3, to: 2 },
          { field: 'dependencies', added: ['a', 'd'], removed: [] },
        ],
      },
      { kind: 'added', storyId: 'd', item: to.planItems[2] },
      { kind: 'removed', storyId: 'b', item: base.planItems[1] },
    ]);
    expect(d.sharedComponents).toEqual({
      added: [to.sharedComponents[1]],
      removed: [],
      changed: [
        {
          path: 'src/shared/x.ts',
          purpose: null,
          usedBy: { added: ['c'], removed: ['b'] },
        },
      ],
    });
    expect(d.risks).toEqual({
      added: [to.risks[1]],
      removed: [],
      changed: [{ description: 'Slow disk', impact: { from: 'low', to: 'high' }, mitigation: null }],
    });
    expect(d.implementationOrder).toEqual({
      from: ['a', 'b', 'c'],
      to: ['a', 'd', 'c'],
      added: ['d'],
      removed: ['b'],
      moved: [],
    });
  });

  it('reports moved stories in the implementation order, and ignores reordering inside file lists', () => {
    const to = structuredClone(base);
    to.implementationOrder = ['c', 'a', 'b'];
    to.planItems[0]!.filesCreated = ['src/a.ts'];
    to.planItems[0]!.filesModified = ['src/index.ts'];
    const d = diffPlans(base, to);
    expect(d.items).toEqual([]);
    expect(d.implementationOrder?.moved).toEqual(['c']);
    expect(d.identical).toBe(false);
  });

  it('reports a reworded risk as one removed and one added', () => {
    const to = structuredClone(base);
    to.risks[0]!.description = 'Slow disks';
    const d = diffPlans(base, to);
    expect(d.risks.added.map((r) => r.description)).toEqual(['Slow disks']);
    expect(d.risks.removed.map((r) => r.description)).toEqual(['Slow disk']);
  });

  it('pairs duplicate items of one story by position', () => {
    const from: Plan = { ...base, planItems: [item('a', 1), item('a', 2)] };
    const to: Plan = { ...base, planItems: [item('a', 1), item('a', 2, { notes: 'x' })] };
    const d = diffPlans(from, to);
    expect(d.items).toHaveLength(1);
    expect(d.items[0]).toMatchObject({ kind: 'changed', storyId: 'a', changes: [{ field: 'notes' }] });
    expect(d.unchangedItems).toEqual(['a']);
  });
});
