import type {
  Plan,
  PlanItem,
  PlanRevision,
  Sprint,
  SprintDetail,
  SprintQuestion,
  SprintQuestions,
} from '../../../src/shared/plans';
import { story } from './fakeClient';
import { setupStore, type Setup } from './setup';

export function sprint(patch: Partial<Sprint> = {}): Sprint {
  return {
    id: 'sp1',
    title: 'CSV export sprint',
    storyIds: ['s1', 's2'],
    status: 'open',
    createdAt: '2025-01-02T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...patch,
  };
}

export function planItem(storyId: string, order: number, patch: Partial<PlanItem> = {}): PlanItem {
  return {
    order,
    storyId,
    title: `Item ${storyId}`,
    approach: `Approach for ${storyId}`,
    filesCreated: [`src/${storyId}.ts`],
    filesModified: ['src/index.ts'],
    dependencies: [],
    complexity: 'medium',
    notes: '',
    ...patch,
  };
}

export function plan(
  items: PlanItem[] = [planItem('s1', 1), planItem('s2', 2, { dependencies: ['s1'] })],
): Plan {
  return {
    planItems: items,
    sharedComponents: [{ path: 'src/csv.ts', purpose: 'CSV writer', usedBy: ['s1', 's2'] }],
    risks: [{ description: 'Large files', impact: 'high', mitigation: 'Stream rows' }],
    implementationOrder: items.map((i) => i.storyId),
  };
}

export function revision(number: number, p: Plan = plan(), patch: Partial<PlanRevision> = {}): PlanRevision {
  return {
    number,
    kind: number === 1 ? 'generated' : 'refined',
    createdAt: `2025-01-02T0${number}:00:00.000Z`,
    plan: p,
    changelog: [],
    followUpQuestions: [],
    ...patch,
  };
}

/** The analysis of sprint sp1 asking `questions` (none answered yet). */
export function analysis(questions: Pick<SprintQuestion, 'id' | 'question'>[]): SprintQuestions {
  return {
    sprintId: 'sp1',
    generatedAt: '2025-01-02T00:00:00.000Z',
    summary: `${questions.length} things are unclear.`,
    answers: {},
    questions: questions.map((q) => ({
      storyId: 's1',
      reason: 'Why',
      suggestions: [],
      priority: 'high',
      ...q,
    })),
  };
}

export function detail(patch: Partial<SprintDetail> = {}): SprintDetail {
  return {
    sprint: sprint(),
    stories: [story(1), story(2)],
    questions: null,
    plan: null,
    checks: null,
    ris: [],
    assertions: [],
    sprintAssertions: null,
    specErrors: [],
    specWarnings: [],
    ...patch,
  };
}

/** A store with the sprint detail open in the Sprints view; `sprints:get` answers `d`. */
export async function openSprintStore(d: SprintDetail): Promise<Setup> {
  const setup = setupStore();
  setup.client.handle('sprints:list', () => [d.sprint]);
  setup.client.handle('sprints:get', () => d);
  setup.store.getState().connectSprints();
  setup.store.setState({ view: 'sprints' });
  await setup.store.getState().openSprint(d.sprint.id);
  return setup;
}
