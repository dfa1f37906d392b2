import { describe, expect, it } from 'vitest';
import type { Plan, PlanItem } from '../../shared/schema-types';
import { PlanMergeError, mergeRegeneratedItem } from './mergeItem';

function item(storyId: string, order: number, patch: Partial<PlanItem> = {}): PlanItem {
  return {
    order,
    storyId,
    title: `Item ${storyId}`,
    approach: 'Do it.',
    filesCreated: [`src/${storyId}.ts`],
    filesModified: [],
    dependencies: [],
    complexity: 'low',
    notes: '',
    ...patch,
  };
}

const current: Plan = {
  planItems: [item('a', 1), item('b', 2, { dependencies: ['a'] }), item('c', 3)],
  sharedComponents: [{ path: 'src/x.ts', purpose: 'Shared', usedBy: ['a', 'b'] }],
  risks: [{ description: 'Risk', impact: 'low', mitigation: 'None' }],
  implementationOrder: ['a', 'b', 'c'],
};

describe('mergeRegeneratedItem', () => {
  it('takes only that story’s item from a whole regenerated plan and keeps every other item identical', () => {
    const before = JSON.stringify(current);
    const regenerated: Plan = {
      planItems: [
        item('a', 1, { approach: 'Rewritten by the model' }),
        item('b', 5, { approach: 'New approach', dependencies: ['a', 'c'], complexity: 'high' }),
        item('c', 2, { notes: 'changed too' }),
      ],
      sharedComponents: [],
      risks: [{ description: 'Other', impact: 'high', mitigation: 'x' }],
      implementationOrder: ['c', 'a', 'b'],
    };
    const merged = mergeRegeneratedItem(current, 'b', regenerated);
    expect(JSON.stringify(current)).toBe(before); // inputs untouched
    expect(merged.planItems[0]).toBe(current.planItems[0]);
    expect(merged.planItems[2]).toBe(current.planItems[2]);
    expect(JSON.stringify(merged.planItems[0])).toBe(JSON.stringify(current.planItems[0]));
    expect(merged.planItems[1]).toEqual({
      ...regenerated.planItems[1],
      order: 2, // the slot keeps its place in the locked order
    });
    expect(merged.sharedComponents).toBe(current.sharedComponents);
    expect(merged.risks).toBe(current.risks);
    expect(merged.implementationOrder).toBe(current.implementationOrder);
    expect(Object.keys(merged)).toEqual(Object.keys(current));
  });

  it('accepts a single item and writes it with the schema’s key order, dropping unknown keys', () => {
    const regenerated = {
      notes: 'n',
      complexity: 'medium',
      dependencies: [],
      filesModified: ['src/index.ts'],
      filesCreated: [],
      approach: 'Alone',
      title: 'Only c',
      storyId: 'c',
      order: 9,
      extra: true,
    } as PlanItem;
    const merged = mergeRegeneratedItem(current, 'c', regenerated);
    expect(Object.keys(merged.planItems[2]!)).toEqual(Object.keys(current.planItems[2]!));
    expect(merged.planItems[2]).toMatchObject({ title: 'Only c', order: 3, filesModified: ['src/index.ts'] });
    merged.planItems[2]!.filesModified.push('mutated');
    expect(regenerated.filesModified).toEqual(['src/index.ts']); // no aliasing of the model's output
  });

  it('refuses with a typed error when the regenerated answer has no item (or several) for that story', () => {
    const noItem: Plan = { ...current, planItems: [item('a', 1)] };
    expect(() => mergeRegeneratedItem(current, 'b', noItem)).toThrow(
      expect.objectContaining({ name: 'PlanMergeError', code: 'item_missing' }),
    );
    const twice: Plan = { ...current, planItems: [item('b', 1), item('b', 2)] };
    expect(() => mergeRegeneratedItem(current, 'b', twice)).toThrow(
      expect.objectContaining({ code: 'item_ambiguous' }),
    );
    expect(() => mergeRegeneratedItem(current, 'b', item('c', 1))).toThrow(
      expect.objectContaining({ code: 'story_mismatch' }),
    );
    expect(() => mergeRegeneratedItem(current, 'zzz', item('zzz', 1))).toThrow(PlanMergeError);
  });
});
