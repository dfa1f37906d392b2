import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlanItem } from '../../shared/plans';
import type { Generation, Story } from '../../shared/stories';
import { memoryLogger } from '../../../test/support/memorySpawner';
import type { SendPrompt, SendPromptRequest } from '../llm/promptTypes';
import { openProjectStore, type ProjectStore } from '../store/projectStore';
import { PlanService } from './planService';
import { planItem, planOf } from '../../../test/support/planFixtures';

const item = (storyId: string, order: number, approach = 'Do it.') => planItem(storyId, order, { approach });
const plan = (items: PlanItem[]) => planOf(items);

let dir: string;
let store: ProjectStore;
let stories: Story[];
let answers: Record<string, (req: SendPromptRequest) => unknown>;
let calls: SendPromptRequest[];
let service: PlanService;
const events: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-plan-service-'));
  const { logger } = memoryLogger();
  store = (await openProjectStore(join(dir, '.puffin'), logger)).store;
  stories = await store.stories.accept(
    ['A', 'B'].map((t) => ({ title: t, description: t, acceptanceCriteria: ['x'] })),
  );
  calls = [];
  answers = {};
  events.length = 0;
  const sendPrompt = (async (req: SendPromptRequest) => {
    calls.push(req);
    const answer = answers[req.workflow];
    if (!answer) throw Object.assign(new Error(`no answer for ${req.workflow}`), { code: 'api_error' });
    const meta = {
      cliVersion: '2.1.330',
      costUsd: 0.25,
      turns: 2,
      durationMs: 40,
      sessionId: 's',
      model: 'm',
    };
    return { data: await answer(req), source: 'structured_output', warnings: [], meta };
  }) as unknown as SendPrompt;
  service = new PlanService({
    sendPrompt,
    project: () => ({ store, path: dir }),
    emit: (event) => events.push(event),
    logger,
  });
});
afterEach(async () => {
  await service.idle();
  await rm(dir, { recursive: true, force: true });
});

describe('PlanService', () => {
  it('create: refuses unknown stories; a generated title never overrides one the user set meanwhile', async () => {
    await expect(service.create({ storyIds: ['nope'] })).rejects.toMatchObject({ code: 'not_found' });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    answers.generateTitle = () => gate.then(() => 'Generated');
    const sprint = await service.create({ storyIds: stories.map((s) => s.id) });
    expect(sprint.title).toBe('A; B');
    await service.update(sprint.id, { title: 'Mine' });
    release();
    await service.idle();
    expect((await service.get(sprint.id)).sprint.title).toBe('Mine');
  });

  it('regenerateItem: only that story changes; restore adds a revision; approval counts only while current', async () => {
    answers.generateTitle = () => 'T';
    const [a, b] = stories.map((s) => s.id) as [string, string];
    const sprint = await service.create({ storyIds: [a, b] });
    answers.generatePlan = () => plan([item(a, 1), item(b, 2)]);
    await service.generate(sprint.id);
    answers.regeneratePlanItem = () => plan([item(a, 1, 'CHANGED A'), item(b, 2, 'New B')]);
    const regen = await service.regenerateItem(sprint.id, b, 'simpler');
    const rev = regen.plan!.revisions[1]!;
    expect(rev).toMatchObject({ kind: 'item_regenerated', regeneratedStoryId: b, feedback: 'simpler' });
    expect(rev.plan.planItems.map((i) => i.approach)).toEqual(['Do it.', 'New B']);

    await service.approve(sprint.id);
    const restored = await service.restore(sprint.id, 1);
    expect(restored.plan).toMatchObject({ current: 3, approved: { revision: 2 } });
    expect(restored.plan!.revisions[2]).toMatchObject({ kind: 'restored', restoredFrom: 1 });
    await expect(service.specs(sprint.id)).rejects.toMatchObject({ code: 'not_approved' });
    await expect(service.restore(sprint.id, 9)).rejects.toMatchObject({ code: 'not_found' });
    await expect(service.regenerateItem(sprint.id, 'other')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('checks an approved revision against the files as they were when approved, not the work done since', async () => {
    answers.generateTitle = () => 'T';
    const [a] = stories.map((s) => s.id) as [string];
    await mkdir(join(dir, 'src'));
    await writeFile(join(dir, 'src/app.ts'), 'app');
    const sprint = await service.create({ storyIds: [a] });
    const files = { filesCreated: ['src/share.ts'], filesModified: ['src/app.ts', 'src/old.ts'] };
    answers.generatePlan = () => plan([planItem(a, 1, files)]);
    await service.generate(sprint.id);
    await service.approve(sprint.id, true);
    const kinds = async () =>
      (await service.get(sprint.id)).checks!.files.map((f) => [f.kind, f.path] as const);
    expect(await kinds()).toEqual([['modified_missing', 'src/old.ts']]);

    // Doing the work: the planned file is created and the missing one too; the approved plan stays as it was.
    await writeFile(join(dir, 'src/share.ts'), 'share');
    await writeFile(join(dir, 'src/old.ts'), 'old');
    expect(await kinds()).toEqual([['modified_missing', 'src/old.ts']]);
    await service.approve(sprint.id, true);
    expect(await kinds()).toEqual([['modified_missing', 'src/old.ts']]);
  });

  it('re-analysing keeps answers to the same questions; closed sprints refuse work; answers need an analysis', async () => {
    answers.generateTitle = () => 'T';
    const [a] = stories.map((s) => s.id) as [string];
    const sprint = await service.create({ storyIds: [a] });
    await expect(service.answer(sprint.id, { q1: 'x' })).rejects.toMatchObject({ code: 'no_questions' });
    const q = (question: string) => ({ storyId: a, question, reason: 'r', suggestions: [], priority: 'low' });
    answers.analyzeAmbiguities = () => ({ summary: 's', questions: [q('Same?'), q('Other?')] });
    await service.analyze(sprint.id);
    await service.answer(sprint.id, { q1: 'yes', q2: 'no' });
    answers.analyzeAmbiguities = () => ({ summary: 's', questions: [q('New?'), q('Same?')] });
    const again = await service.analyze(sprint.id);
    expect(again.questions?.answers).toEqual({ q2: 'yes' });
    expect(again.plan).toBeNull();

    await service.update(sprint.id, { status: 'closed' });
    await expect(service.generate(sprint.id)).rejects.toMatchObject({ code: 'sprint_closed' });
    expect(events).toContain('sprints:changed');
    expect(events).toContain('sprint:changed');
  });

  it('keeps every model call of the journey in the project history, with its outcome, cost and raw lines', async () => {
    const [a, b] = stories.map((s) => s.id) as [string, string];
    const sprint = await service.create({ storyIds: [a, b], title: 'Sprint one' });
    const line = { type: 'result', subtype: 'success', total_cost_usd: 0.25 };
    answers.analyzeAmbiguities = (req) => {
      req.onEngineEvent?.({ type: 'raw', line: JSON.stringify(line) }); // every engine's raw lines
      return { summary: 'clear', questions: [] };
    };
    answers.generatePlan = () => plan([item(a, 1), item(b, 2)]);
    await service.analyze(sprint.id); // no questions: the plan is generated in the same job
    await expect(service.regenerateItem(sprint.id, b)).rejects.toMatchObject({ code: 'api_error' });

    const history = await store.history.list();
    const byKind = (kind: Generation['kind']) => history.filter((g) => g.kind === kind);
    expect(history).toHaveLength(3);
    const [analysed] = byKind('plan-analyze');
    expect(analysed).toMatchObject({
      status: 'succeeded',
      title: 'Sprint one',
      sprintId: sprint.id,
      source: 'structured_output',
      meta: { costUsd: 0.25, turns: 2, cliVersion: '2.1.330' },
    });
    expect(analysed!.prompt).toBe(calls.find((c) => c.workflow === 'analyzeAmbiguities')!.prompt);
    expect(analysed!.finishedAt).toBeDefined();
    expect(await store.history.rawLines(analysed!.id)).toEqual([JSON.stringify(line)]);
    expect(byKind('plan-generate')[0]).toMatchObject({ status: 'succeeded', sprintId: sprint.id });
    // A failed call is kept too, named after the story it was about.
    expect(byKind('plan-item')[0]).toMatchObject({
      status: 'failed',
      title: 'Sprint one · B',
      error: { code: 'api_error' },
    });
    // Each call is pushed twice: when it starts and when it ends.
    expect(events.filter((e) => e === 'history:changed')).toHaveLength(6);
    // The title call of a sprint is not a plan call: it stays out of the history.
    answers.generateTitle = () => 'T';
    await service.create({ storyIds: [a] });
    await service.idle();
    expect(await store.history.list()).toHaveLength(3);
  });

  it('specs: keeps the warnings of the assertion steps with the specs (dropped assertions, unknown stories)', async () => {
    const [a, b] = stories.map((s) => s.id) as [string, string];
    const sprint = await service.create({ storyIds: [a, b], title: 'S' });
    answers.generatePlan = () => plan([item(a, 1), item(b, 2)]);
    await service.generate(sprint.id);
    await service.approve(sprint.id);
    const draft = (n: number) => ({
      type: 'FILE_EXISTS',
      target: `f${n}.ts`,
      message: 'm',
      criterion: 'AC1',
      assertion: {},
    });
    answers.generateRis = () => ({ markdown: '# RIS', sections: {} });
    answers.generateStoryAssertions = (req) => ({
      assertions: (req.subject === 'A' ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 2, 3]).map(draft),
    });
    answers.generateSprintAssertions = () => ({ [a]: [draft(1)], ghost: [draft(2)] });
    const detail = await service.specs(sprint.id);
    expect(detail.assertions.find((x) => x.storyId === a)?.assertions).toHaveLength(8);
    expect(detail.specWarnings).toEqual([
      { storyId: a, step: 'assertions', message: 'The model wrote 9 assertions; the first 8 were kept.' },
      {
        storyId: '',
        step: 'sprint_assertions',
        message: 'Sprint assertions for unknown story "ghost" were dropped.',
      },
    ]);
    // A new run of the steps replaces their warnings.
    answers.generateStoryAssertions = () => ({ assertions: [1, 2, 3].map(draft) });
    answers.generateSprintAssertions = () => ({ [a]: [draft(1)] });
    expect((await service.specs(sprint.id)).specWarnings).toEqual([]);
  });

  it('specs: a failed step reruns alone (onlyMissing), not every call of the run', async () => {
    const [a, b] = stories.map((s) => s.id) as [string, string];
    const sprint = await service.create({ storyIds: [a, b], title: 'S' });
    answers.generatePlan = () => plan([item(a, 1), item(b, 2)]);
    await service.generate(sprint.id);
    await service.approve(sprint.id);
    const drafts = {
      assertions: [1, 2, 3].map((n) => ({ type: 'FILE_EXISTS', target: `f${n}.ts`, message: 'm' })),
    };
    answers.generateStoryAssertions = (req) => {
      if (req.subject === 'B') throw Object.assign(new Error('overloaded'), { code: 'api_error' });
      return drafts;
    };
    answers.generateSprintAssertions = () => ({ [a]: [] });
    const steps = ['assertions', 'sprint_assertions'] as const; // `puffin plan assertions`
    const first = await service.specs(sprint.id, { steps });
    expect(first.specErrors.map((e) => [e.step, e.storyId, e.code])).toEqual([
      ['assertions', b, 'api_error'],
    ]);

    answers.generateStoryAssertions = () => drafts;
    const before = calls.length;
    const rerun = await service.specs(sprint.id, { steps, onlyMissing: true });
    expect(calls.slice(before).map((c) => [c.workflow, c.subject])).toEqual([
      ['generateStoryAssertions', 'B'],
    ]);
    expect(rerun.specErrors).toEqual([]);
    expect(rerun.assertions.map((x) => x.storyId).sort()).toEqual([a, b].sort());
    // Nothing missing: nothing runs.
    await service.specs(sprint.id, { steps, onlyMissing: true });
    expect(calls.length).toBe(before + 1);
  });

  it('a corrupt plan file is kept aside and the sprint reads as having no plan', async () => {
    answers.generateTitle = () => 'T';
    const sprint = await service.create({ storyIds: [stories[0]!.id] });
    await mkdir(join(dir, '.puffin', 'plans'), { recursive: true });
    await writeFile(join(dir, '.puffin', 'plans', `${sprint.id}.json`), '{"sprintId": "x"');
    expect((await service.get(sprint.id)).plan).toBeNull();
    const kept = await readdir(join(dir, '.puffin', 'plans'));
    expect(kept.some((n) => n.startsWith(`${sprint.id}.json.corrupt-`))).toBe(true);
  });
});
