import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../base/logger';
import { createAssertionsService, type StoryFacts } from './assertionsService';

let project: string;
const stories = new Map<string, StoryFacts>();

beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'puffin-assert-svc-'));
  await mkdir(path.join(project, 'src'), { recursive: true });
  await writeFile(
    path.join(project, 'src', 'a.ts'),
    'export function greet(name: string) { return name; }\n',
  );
  await mkdir(path.join(project, '.puffin', 'assertions'), { recursive: true });
  await writeFile(
    path.join(project, '.puffin', 'assertions', 's1.json'),
    JSON.stringify({
      storyId: 's1',
      assertions: [
        { id: 'a1', type: 'FILE_EXISTS', target: 'src/a.ts', message: 'a exists', criterion: 0 },
        { id: 'a2', type: 'FILE_EXISTS', target: 'src/b.ts', message: 'b exists', criterion: 0 },
      ],
    }),
  );
  stories.clear();
  stories.set('s1', { title: 'Greeting', acceptanceCriteria: ['greets by name', 'logs the greeting'] });
});
afterEach(() => rm(project, { recursive: true, force: true }));

const service = (dir: string | null = project) =>
  createAssertionsService({ projectDir: () => dir, story: async (id) => stories.get(id), log: silentLogger });

describe('assertions service', () => {
  it('lists stored sets with coverage and no results before the first run', async () => {
    const [view] = await service().list();
    expect(view).toMatchObject({ storyId: 's1', storyTitle: 'Greeting', lastRun: null, problem: null });
    expect(view!.assertions.map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(view!.coverage?.uncovered).toEqual([1]);
    expect(view!.latest).toEqual({});
  });

  it('runs a story, stores the run, and reports latest results and first passes', async () => {
    const view = await service().run('s1');
    expect(view.latest.a1?.status).toBe('pass');
    expect(view.latest.a2?.status).toBe('fail');
    expect(view.lastRun?.summary).toMatchObject({ total: 2, passed: 1, failed: 1 });
    expect(Object.keys(view.firstPassed)).toEqual(['a1']);
    // Stored: a fresh service sees the same history.
    const [again] = await service().list();
    expect(again!.latest.a2?.status).toBe('fail');
  });

  it('runs a single assertion and keeps the others from the previous run', async () => {
    await service().run('s1');
    await writeFile(path.join(project, 'src', 'b.ts'), 'export {};\n');
    const view = await service().run('s1', ['a2']);
    expect(view.latest.a2?.status).toBe('pass');
    expect(view.latest.a1?.status).toBe('pass');
    expect(view.lastRun?.summary.total).toBe(1);
  });

  it('shows an unreadable set as a problem instead of failing the whole list', async () => {
    await writeFile(path.join(project, '.puffin', 'assertions', 's2.json'), '{not json');
    const views = await service().list();
    expect(views.find((v) => v.storyId === 's2')?.problem).toMatch(/JSON/i);
    expect(views.find((v) => v.storyId === 's1')?.problem).toBeNull();
  });

  it('needs an open project and refuses locations outside it', async () => {
    await expect(service(null).list()).rejects.toMatchObject({ code: 'no_project' });
    await expect(service().resolveLocation('../etc/passwd')).rejects.toMatchObject({
      code: 'outside_project',
    });
    await expect(service().resolveLocation('src/a.ts')).resolves.toBe(path.join(project, 'src', 'a.ts'));
    await expect(service().run('nope')).rejects.toMatchObject({ code: 'not_found' });
  });
});
