// Two faces writing one project at once, for `npm run chaos`: two composition roots (the browser host's and the
// headless CLI's) over one project, each making `n` read-modify-writes per writing channel at the same time. An
// update is lost when the other face's write undid it. (`npm test` runs 12 per face: twoFacesWrites.test.ts.)
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sprint, SprintPlan, SprintQuestions } from '../../../src/shared/plans';
import type { ProjectSettings, Story } from '../../../src/shared/stories';
import { planItem, planOf } from '../../support/planFixtures';
import { createRoot, type Root } from '../../../src/main/app/core';

export interface TwoFacesFigures {
  /** Acknowledged read-modify-writes, both faces, every channel. */
  tried: number;
  /** Of them, undone by the other face. */
  lost: number;
  byChannel: Record<string, { tried: number; lost: number }>;
  ms: number;
}

async function call<T>(root: Root, channel: string, payload: unknown): Promise<T> {
  const r = await root.dispatch(channel, payload, { face: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

export async function twoFacesLoad(n: number): Promise<TwoFacesFigures> {
  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), 'puffin-chaos-two-faces-'));
  const project = join(dir, 'app');
  await mkdir(project);
  const faces: Root[] = [];
  try {
    for (const name of ['host', 'headless']) {
      const root = await createRoot({ userDataDir: join(dir, name), platform: { face: 'cli' } });
      faces.push(root);
      await call(root, 'project:open', { path: project });
    }
    const [a, b] = faces as [Root, Root];
    const [story] = await call<Story[]>(a, 'stories:accept', {
      drafts: [{ title: 'A', description: 'a', acceptanceCriteria: ['x'] }],
    });
    const sprint = await call<Sprint>(a, 'sprints:create', { storyIds: [story!.id], title: 'S' });
    const store = join(project, '.puffin');
    const at = '2030-01-01T00:00:00.000Z';
    const plan: SprintPlan = {
      sprintId: sprint.id,
      current: 1,
      revisions: [
        {
          number: 1,
          kind: 'generated',
          createdAt: at,
          plan: planOf([planItem(story!.id, 1)]),
          changelog: [],
          followUpQuestions: [],
        },
      ],
    };
    const questions: SprintQuestions = {
      sprintId: sprint.id,
      generatedAt: at,
      summary: 's',
      questions: Array.from({ length: 2 * n }, (_, i) => ({
        id: `q${i + 1}`,
        storyId: story!.id,
        question: `Q${i + 1}?`,
        reason: 'r',
        suggestions: [],
        priority: 'high' as const,
      })),
      answers: {},
    };
    for (const [folder, record] of [
      ['plans', plan],
      ['questions', questions],
    ] as const) {
      await mkdir(join(store, folder), { recursive: true });
      await writeFile(join(store, folder, `${sprint.id}.json`), JSON.stringify(record));
    }
    for (const root of faces) await call(root, 'sprints:get', { sprintId: sprint.id });
    const onDisk = async <T>(...path: string[]) =>
      JSON.parse(await readFile(join(store, ...path), 'utf8')) as T;
    const both = (job: (root: Root, face: number, i: number) => Promise<unknown>) =>
      Promise.all(
        [a, b].map(async (root, f) => {
          for (let i = 0; i < n; i++) await job(root, f, i);
        }),
      );

    const byChannel: TwoFacesFigures['byChannel'] = {};
    const tally = (channel: string, lost: number) => (byChannel[channel] = { tried: 2 * n, lost });

    await both((root) => call(root, 'plan:restore', { sprintId: sprint.id, revision: 1 }));
    tally(
      'plan:restore',
      2 * n + 1 - (await onDisk<SprintPlan>('plans', `${sprint.id}.json`)).revisions.length,
    );

    await both((root, f, i) =>
      call(root, 'plan:answer', { sprintId: sprint.id, answers: { [`q${f * n + i + 1}`]: `a${f}-${i}` } }),
    );
    const answers = (await onDisk<SprintQuestions>('questions', `${sprint.id}.json`)).answers;
    tally('plan:answer', 2 * n - Object.keys(answers).length);

    // A patch of one field per face: a write that undid the other's leaves that field at an older value.
    const fieldLoss = (record: Record<string, unknown>, fields: [string, unknown][]) =>
      fields.filter(([k, v]) => record[k] !== v).length;
    await both((root, f, i) =>
      call(root, 'sprints:update', {
        id: sprint.id,
        patch: f === 0 ? { title: `T${i}` } : { budgetUsd: i + 1 },
      }),
    );
    const s = await onDisk<Record<string, unknown>>('sprints', `${sprint.id}.json`);
    tally(
      'sprints:update',
      fieldLoss(s, [
        ['title', `T${n - 1}`],
        ['budgetUsd', n],
      ]),
    );

    await both((root, f, i) =>
      call(root, 'projectSettings:update', f === 0 ? { description: `d${i}` } : { conventions: `c${i}` }),
    );
    const ps = await onDisk<ProjectSettings>('project.json');
    tally(
      'projectSettings:update',
      fieldLoss({ ...ps }, [
        ['description', `d${n - 1}`],
        ['conventions', `c${n - 1}`],
      ]),
    );

    await both((root, f, i) =>
      call(root, 'stories:update', {
        id: story!.id,
        patch: f === 0 ? { title: `T${i}` } : { description: `D${i}` },
      }),
    );
    const st = await onDisk<Record<string, unknown>>('stories', `${story!.id}.json`);
    tally(
      'stories:update',
      fieldLoss(st, [
        ['title', `T${n - 1}`],
        ['description', `D${n - 1}`],
      ]),
    );

    const all = Object.values(byChannel);
    return {
      tried: all.reduce((x, c) => x + c.tried, 0),
      lost: all.reduce((x, c) => x + c.lost, 0),
      byChannel,
      ms: Date.now() - started,
    };
  } finally {
    await Promise.all(faces.map((r) => r.dispose()));
    await rm(dir, { recursive: true, force: true });
  }
}
