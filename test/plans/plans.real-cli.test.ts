// The plans journey through services.dispatch, with the REAL Claude Code CLI against the mock Messages API:
// sprint → questions → answers → plan → refine → restore → approve (blocked by a cycle, by a missing file) →
// specs (RIS, assertions, sprint assertions; one story's RIS failing keeps the others) → export.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SpecsProgress, Sprint, SprintDetail } from '../../src/shared/plans';
import type { Story } from '../../src/shared/stories';
import { hang, httpError, structured } from '../support/mockTurns';
import { userText } from '../support/requestInspection';
import { useRealCliTimeouts } from '../support/realCliTest';
import {
  plan,
  planItem,
  SPRINT_TITLE,
  startPlanJourney,
  type PlanJourney,
  type PlanReplies,
} from './planHarness';

useRealCliTimeouts();

let journey: PlanJourney | undefined;
afterEach(async () => {
  await journey?.close();
  journey = undefined;
});

const draft = (n: number) => ({
  title: `Story ${n}`,
  description: `As a cook, I want feature ${n} so that I save time`,
  acceptanceCriteria: [`criterion ${n}a`, `criterion ${n}b`],
});
const ris = (id: string) =>
  structured({
    markdown: `# RIS for ${id}\n\nDo it.`,
    sections: { context: 'c', objective: 'o', navigation: 'n', instructions: 'i', conventions: 'v' },
  });
const assertionDrafts = (n: number) => [
  { type: 'FILE_EXISTS', target: 'src/index.ts', message: 'entry exists', criterion: 'AC1', assertion: {} },
  {
    type: 'FILE_EXISTS',
    target: `src/feature${n}.ts`,
    message: 'feature file',
    criterion: 'AC1',
    assertion: {},
  },
  {
    type: 'FILE_CONTAINS',
    target: 'src/index.ts',
    message: 'wired in',
    criterion: 'AC2',
    assertion: { match: 'literal', content: `feature${n}` },
  },
];

function replies(extra: Partial<PlanReplies> = {}): PlanReplies {
  return {
    ambiguities: [],
    plans: [],
    refinements: [],
    ris,
    assertions: () => structured({ assertions: assertionDrafts(1) }),
    sprintAssertions: () => structured({}),
    ...extra,
  };
}

async function sprintOf(j: PlanJourney, n: number): Promise<{ stories: Story[]; sprint: Sprint }> {
  const stories = await j.call('stories:accept', { drafts: [1, 2, 3].slice(0, n).map(draft) });
  const sprint = await j.call('sprints:create', { storyIds: stories.map((s) => s.id) });
  return { stories, sprint };
}

describe('plans journey with the real CLI', () => {
  it('sprint → questions → answers → plan → refine → restore → approve gates → specs → export', async () => {
    const r = replies();
    const j = (journey = await startPlanJourney(r));
    const { stories, sprint } = await sprintOf(j, 3);
    const [a, b, c] = stories.map((s) => s.id) as [string, string, string];
    expect(sprint).toMatchObject({ status: 'open', storyIds: [a, b, c], title: 'Story 1; Story 2; Story 3' });
    const titled = await j.waitFor('sprints:changed', (l) => l.some((s) => s.title === SPRINT_TITLE));
    expect(titled.find((s) => s.id === sprint.id)?.title).toBe(SPRINT_TITLE);

    // Questions first: there are some, so no plan yet.
    r.ambiguities.push({
      summary: 'Sharing scope is unclear.',
      questions: [
        {
          storyId: a,
          question: 'Public links?',
          reason: 'Changes auth',
          suggestions: ['Yes', 'No'],
          priority: 'high',
        },
        {
          storyId: b,
          question: 'Expiry?',
          reason: 'Changes storage',
          suggestions: ['7 days'],
          priority: 'low',
        },
      ],
    });
    const analysed = await j.call('plan:analyze', { sprintId: sprint.id });
    expect(analysed.plan).toBeNull();
    expect(analysed.questions?.questions.map((q) => [q.id, q.priority])).toEqual([
      ['q1', 'high'],
      ['q2', 'low'],
    ]);
    const answered = await j.call('plan:answer', {
      sprintId: sprint.id,
      answers: { q1: 'Only signed-in cooks' },
    });
    expect(answered.questions?.answers).toEqual({ q1: 'Only signed-in cooks' });
    expect((await j.fail('plan:answer', { sprintId: sprint.id, answers: { q9: 'x' } })).code).toBe(
      'not_found',
    );

    // Revision 1: a cycle between a and b. The answer went into the prompt.
    const cyclic = plan([
      planItem(a, 1, { dependencies: [b] }),
      planItem(b, 2, { dependencies: [a] }),
      planItem(c, 3),
    ]);
    r.plans.push(cyclic);
    const generated = await j.call('plan:generate', { sprintId: sprint.id });
    expect(generated.plan?.revisions.map((x) => [x.number, x.kind])).toEqual([[1, 'generated']]);
    expect(userText(j.mock.mainRequests().at(-1)!.body!)).toContain('Answer: Only signed-in cooks');
    expect(generated.checks?.graph.map((i) => i.kind)).toContain('cycle');
    const blocked = await j.fail('plan:approve', { sprintId: sprint.id, acceptFileMismatches: true });
    expect(blocked.code).toBe('plan_graph_invalid');

    // Revision 2 (refined): no cycle, but it modifies a file that does not exist.
    const fixed = plan([
      planItem(a, 1),
      planItem(b, 2, { dependencies: [a], filesModified: ['src/missing.ts'] }),
      planItem(c, 3),
    ]);
    r.refinements.push({
      plan: fixed,
      changelog: ['Removed the cycle'],
      followUpQuestions: [{ storyId: b, question: 'Keep old links?', reason: 'Migration' }],
    });
    const refined = await j.call('plan:refine', { sprintId: sprint.id, feedback: 'Break the cycle.' });
    const rev2 = refined.plan!.revisions[1]!;
    expect(rev2).toMatchObject({
      number: 2,
      kind: 'refined',
      changelog: ['Removed the cycle'],
      feedback: 'Break the cycle.',
    });
    expect(rev2.followUpQuestions).toHaveLength(1);
    expect(userText(j.mock.mainRequests().at(-1)!.body!)).toContain('Break the cycle.');

    // Restore revision 1 (a new revision), then revision 2 again: every revision is kept.
    const restored = await j.call('plan:restore', { sprintId: sprint.id, revision: 1 });
    expect(restored.plan?.current).toBe(3);
    expect(restored.plan?.revisions[2]).toMatchObject({ kind: 'restored', restoredFrom: 1, plan: cyclic });
    const back = await j.call('plan:restore', { sprintId: sprint.id, revision: 2 });
    expect(back.plan?.revisions.map((x) => x.kind)).toEqual(['generated', 'refined', 'restored', 'restored']);

    // The missing file blocks approval until the mismatch is accepted.
    expect(back.checks?.files).toEqual([expect.objectContaining({ storyId: b, path: 'src/missing.ts' })]);
    const mismatch = await j.fail('plan:approve', { sprintId: sprint.id });
    expect(mismatch.code).toBe('plan_file_mismatch');
    expect((await j.fail('plan:specs', { sprintId: sprint.id })).code).toBe('not_approved');
    const approved = await j.call('plan:approve', { sprintId: sprint.id, acceptFileMismatches: true });
    expect(approved.plan?.approved?.revision).toBe(4);

    // Specs: b's RIS fails, the others are kept; assertions for every story; the sprint map.
    r.ris = (id) => (id === b ? httpError(400, { message: 'bad request for b' }) : ris(id));
    r.sprintAssertions = () => structured({ [a]: assertionDrafts(1), [c]: assertionDrafts(3) });
    const specs: SprintDetail = await j.call('plan:specs', { sprintId: sprint.id });
    expect(specs.ris.map((x) => x.storyId)).toEqual([a, c]);
    expect(specs.ris[0]!.markdown).toContain(`RIS for ${a}`);
    expect(specs.specErrors).toEqual([expect.objectContaining({ storyId: b, step: 'ris' })]);
    expect(specs.assertions.map((x) => x.storyId)).toEqual([a, b, c]);
    expect(specs.assertions[0]!.assertions.map((x) => x.id)).toEqual(['A1', 'A2', 'A3']);
    expect(specs.assertions[0]!.notDiscriminating).toEqual(['A1']); // src/index.ts exists already
    expect(Object.keys(specs.sprintAssertions ?? {})).toEqual([a, c]);
    const onDisk = JSON.parse(await readFile(join(j.project, '.puffin', 'assertions', `${a}.json`), 'utf8'));
    expect(onDisk).toEqual({ storyId: a, assertions: specs.assertions[0]!.assertions });
    const panel = await j.call('assertions:list', {});
    expect(panel.map((v) => v.storyId)).toEqual(expect.arrayContaining([a, b, c]));

    const progress = j.events
      .filter((e) => e.event === 'plan:progress')
      .map((e) => e.payload as SpecsProgress);
    expect(progress.find((p) => p.storyId === b && p.step === 'ris')).toBeDefined();
    expect(progress.filter((p) => p.status === 'failed').map((p) => p.storyId)).toEqual([b]);
    expect(progress.at(-1)).toMatchObject({ step: 'sprint_assertions', status: 'done', done: 7, total: 7 });

    // Everything survives on disk: a fresh read gives the same detail.
    expect(await j.call('sprints:get', { sprintId: sprint.id })).toEqual(specs);

    const exported = await j.call('plan:export', { sprintId: sprint.id });
    expect(exported.path).toMatch(/^docs\/puffin\/.+\.md$/);
    const md = await readFile(join(j.project, exported.path), 'utf8');
    expect(md).toContain('Story 1');
  });

  it('analyze with no questions goes straight on to a plan in the same call', async () => {
    const r = replies();
    const j = (journey = await startPlanJourney(r));
    const { stories, sprint } = await sprintOf(j, 2);
    r.ambiguities.push({ summary: 'All clear.', questions: [] });
    r.plans.push(plan(stories.map((s, i) => planItem(s.id, i + 1))));
    const detail = await j.call('plan:analyze', { sprintId: sprint.id });
    expect(detail.questions?.questions).toEqual([]);
    expect(detail.plan?.revisions.map((x) => x.kind)).toEqual(['generated']);
    expect(detail.checks).toMatchObject({ revision: 1, graph: [], files: [] });
  });

  it('specs can be cancelled: the running CLI stops, results so far are kept, a busy sprint refuses more work', async () => {
    const r = replies();
    const j = (journey = await startPlanJourney(r));
    const { stories, sprint } = await sprintOf(j, 2);
    const [a, b] = stories.map((s) => s.id) as [string, string];
    r.plans.push(plan([planItem(a, 1), planItem(b, 2)]));
    await j.call('plan:generate', { sprintId: sprint.id });
    await j.call('plan:approve', { sprintId: sprint.id });
    r.ris = (id) => (id === b ? hang() : ris(id));
    const pending = j.call('plan:specs', { sprintId: sprint.id });
    await j.waitFor('plan:progress', (p) => p.storyId === b && p.status === 'running');
    expect((await j.fail('plan:generate', { sprintId: sprint.id })).code).toBe('busy');
    expect(await j.call('plan:cancel', { sprintId: sprint.id })).toEqual({ cancelled: true });
    const detail = await pending;
    expect(detail.ris.map((x) => x.storyId)).toEqual([a]);
    expect(detail.assertions).toEqual([]);
    expect(detail.specErrors).toEqual([
      expect.objectContaining({ storyId: b, step: 'ris', code: 'cancelled' }),
    ]);
    expect(
      j.events.some(
        (e) => e.event === 'plan:progress' && (e.payload as SpecsProgress).status === 'cancelled',
      ),
    ).toBe(true);
    expect(await j.call('plan:cancel', { sprintId: sprint.id })).toEqual({ cancelled: false });
    expect(existsSync(join(j.project, '.puffin', 'ris', sprint.id, `${a}.json`))).toBe(true);
  });
});
