/** Test data of the plans journey, for tests only: stories, plan items and plans given by what a test cares about. */
import type { Plan, PlanItem } from '../../src/shared/plans';
import type { Story } from '../../src/shared/stories';

export function testStory(id: string, title: string, criteria: string[] = ['x']): Story {
  return {
    id,
    title,
    description: `As a cook, I want ${title.toLowerCase()} so that I can share`,
    acceptanceCriteria: criteria,
    status: 'pending',
    createdAt: 'x',
    updatedAt: 'x',
  };
}

export function planItem(storyId: string, order: number, more: Partial<PlanItem> = {}): PlanItem {
  return {
    order,
    storyId,
    title: `Item ${storyId}`,
    approach: 'Do it.',
    filesCreated: [],
    filesModified: [],
    dependencies: [],
    complexity: 'low',
    notes: '',
    ...more,
  };
}

export function planOf(items: PlanItem[], more: Partial<Plan> = {}): Plan {
  return {
    planItems: items,
    sharedComponents: [],
    risks: [],
    implementationOrder: items.map((i) => i.storyId),
    ...more,
  };
}
