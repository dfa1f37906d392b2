// Two faces writing one project at once (the browser host and the headless CLI, say): every read-modify-write of a
// record starts from the record on disk, so neither face undoes what the other one stored in between.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sprint, SprintPlan, SprintQuestions } from '../../shared/plans';
import type { ProjectSettings, Story } from '../../shared/stories';
import { planItem, planOf } from '../../../test/support/planFixtures';
import { createRoot, type Root } from './core';

/** Read-modify-writes each face makes per channel. */
const N = 12;

let dir: string;
let project: string;
let faces: [Root, Root];

async function face(name: string): Promise<Root> {
  const root = await createRoot({ userDataDir: join(dir, name), platform: { face: 'cli' } });
  const r = await root.dispatch('project:open', { path: project }, { face: 'test' });
  expect(r.ok).toBe(true);
  return root;
}

async function call<T>(root: Root, channel: string, payload: unknown): Promise<T> {
  // The channel names are the contract's; the test goes through the one dispatcher as every face does.
  const r = await root.dispatch(channel as 'sprints:list', payload as never, { face: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

const onDisk = async <T>(...path: string[]) =>
  JSON.parse(await readFile(join(project, '.puffin', ...path), 'utf8')) as T;

/** Both faces at once, N times each; `nth` makes each one's change its own. */
async function bothFaces(job: (root: Root, face: 0 | 1, nth: number) => Promise<unknown>): Promise<void> {
  await Promise.all(
    faces.map(async (root, f) => {
      for (let i = 0; i < N; i++) await job(root, f as 0 | 1, i);
    }),
  );
}

let story: Story;
let sprint: Sprint;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-two-faces-'));
  project = join(dir, 'app');
  await mkdir(project, { recursive: true });
  faces = [await face('host'), await face('headless')];
  const accepted = await call<Story[]>(faces[0], 'stories:accept', {
    drafts: [{ title: 'A', description: 'a', acceptanceCriteria: ['x'] }],
  });
  story = accepted[0]!;
  sprint = await call<Sprint>(faces[0], 'sprints:create', { storyIds: [story.id], title: 'S' });
  const plan: SprintPlan = {
    sprintId: sprint.id,
    current: 1,
    revisions: [
      {
        number: 1,
        kind: 'generated',
        createdAt: '2030-01-01T00:00:00.000Z',
        plan: planOf([planItem(story.id, 1)]),
        changelog: [],
        followUpQuestions: [],
      },
    ],
  };
  const questions: SprintQuestions = {
    sprintId: sprint.id,
    generatedAt: '2030-01-01T00:00:00.000Z',
    summary: 's',
    questions: Array.from({ length: 2 * N }, (_, i) => ({
      id: `q${i + 1}`,
      storyId: story.id,
      question: `Q${i + 1}?`,
      reason: 'r',
      suggestions: [],
      priority: 'high' as const,
    })),
    answers: {},
  };
  await mkdir(join(project, '.puffin', 'plans'), { recursive: true });
  await writeFile(join(project, '.puffin', 'plans', `${sprint.id}.json`), JSON.stringify(plan));
  await mkdir(join(project, '.puffin', 'questions'), { recursive: true });
  await writeFile(join(project, '.puffin', 'questions', `${sprint.id}.json`), JSON.stringify(questions));
  // Both faces have read everything once, as a face showing the sprint has.
  for (const root of faces) await call(root, 'sprints:get', { sprintId: sprint.id });
});

afterEach(async () => {
  await Promise.all(faces.map((r) => r.dispose()));
  await rm(dir, { recursive: true, force: true });
});

describe('two faces writing one project at once', () => {
  it('plan revisions: the minimal case (two restores on one face, then one on the other) keeps all four', async () => {
    await call(faces[1], 'plan:restore', { sprintId: sprint.id, revision: 1 });
    await call(faces[1], 'plan:restore', { sprintId: sprint.id, revision: 1 });
    await call(faces[0], 'plan:restore', { sprintId: sprint.id, revision: 3 });
    const plan = await onDisk<SprintPlan>('plans', `${sprint.id}.json`);
    expect(plan.revisions.map((r) => r.number)).toEqual([1, 2, 3, 4]);
    expect(plan.current).toBe(4);
  });

  it('plan revisions: N restores from each face at once, none lost', async () => {
    await bothFaces((root) => call(root, 'plan:restore', { sprintId: sprint.id, revision: 1 }));
    const plan = await onDisk<SprintPlan>('plans', `${sprint.id}.json`);
    expect(plan.revisions.map((r) => r.number)).toEqual(Array.from({ length: 2 * N + 1 }, (_, i) => i + 1));
  });

  it('plan approval lands on the revisions the other face added', async () => {
    await call(faces[1], 'plan:restore', { sprintId: sprint.id, revision: 1 });
    await call(faces[0], 'plan:approve', { sprintId: sprint.id, acceptFileMismatches: true });
    const plan = await onDisk<SprintPlan>('plans', `${sprint.id}.json`);
    expect(plan.revisions).toHaveLength(2);
    expect(plan.approved?.revision).toBe(2);
  });

  it('answers: each face answers its own questions at once, every answer kept', async () => {
    await bothFaces((root, f, i) =>
      call(root, 'plan:answer', { sprintId: sprint.id, answers: { [`q${f * N + i + 1}`]: `a${f}-${i}` } }),
    );
    const q = await onDisk<SprintQuestions>('questions', `${sprint.id}.json`);
    expect(Object.keys(q.answers)).toHaveLength(2 * N);
  });

  it('sprints: one face renames while the other sets the budget, both kept', async () => {
    await bothFaces((root, f, i) =>
      call(root, 'sprints:update', {
        id: sprint.id,
        patch: f === 0 ? { title: `T${i}` } : { budgetUsd: i + 1 },
      }),
    );
    expect(await onDisk<Sprint>('sprints', `${sprint.id}.json`)).toMatchObject({
      title: `T${N - 1}`,
      budgetUsd: N,
    });
  });

  it('project settings: one face writes the description while the other writes the conventions', async () => {
    await bothFaces((root, f, i) =>
      call(root, 'projectSettings:update', f === 0 ? { description: `d${i}` } : { conventions: `c${i}` }),
    );
    expect(await onDisk<ProjectSettings>('project.json')).toMatchObject({
      description: `d${N - 1}`,
      conventions: `c${N - 1}`,
    });
  });

  it('stories: one face edits the title while the other edits the description', async () => {
    await bothFaces((root, f, i) =>
      call(root, 'stories:update', {
        id: story.id,
        patch: f === 0 ? { title: `T${i}` } : { description: `D${i}` },
      }),
    );
    expect(await onDisk<Story>('stories', `${story.id}.json`)).toMatchObject({
      title: `T${N - 1}`,
      description: `D${N - 1}`,
    });
  });
});
