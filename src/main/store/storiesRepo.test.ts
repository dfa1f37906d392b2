import { EMPTY_META } from '../../shared/stories';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogBus } from '../base/logger';
import { openProjectStore } from './projectStore';
import { StoriesRepo } from './storiesRepo';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-stories-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const draft = (title: string) => ({
  title,
  description: `As a user, I want ${title}`,
  acceptanceCriteria: ['ok'],
});

describe('StoriesRepo', () => {
  it('accepts drafts as pending stories, one human-readable file each, listed in accepted order', async () => {
    const repo = new StoriesRepo(dir);
    const accepted = await repo.accept([draft('A'), draft('B'), draft('C')], 'gen-1');
    expect(accepted.map((s) => [s.title, s.status, s.generationId])).toEqual([
      ['A', 'pending', 'gen-1'],
      ['B', 'pending', 'gen-1'],
      ['C', 'pending', 'gen-1'],
    ]);
    const files = (await readdir(join(dir, 'stories'))).sort();
    expect(files).toEqual(accepted.map((s) => `${s.id}.json`).sort());
    const text = await readFile(join(dir, 'stories', `${accepted[0]!.id}.json`), 'utf8');
    expect(text).toContain('\n  "title": "A"'); // indented JSON, not one line
    expect((await new StoriesRepo(dir).list()).map((s) => s.title)).toEqual(['A', 'B', 'C']);
  });

  it('update patches fields and bumps updatedAt; unknown id is not_found', async () => {
    let t = Date.parse('2030-01-01T00:00:00Z');
    const repo = new StoriesRepo(dir, () => new Date(t));
    const [s] = await repo.accept([draft('A')]);
    t += 60_000;
    const u = await repo.update(s!.id, { status: 'done', title: 'A2' });
    expect(u).toMatchObject({
      title: 'A2',
      status: 'done',
      description: s!.description,
      createdAt: s!.createdAt,
    });
    expect(u.updatedAt).toBe('2030-01-01T00:01:00.000Z');
    await expect(repo.update('nope', { title: 'x' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('setStatus sets one status on many stories at once, or on none when one is unknown', async () => {
    let t = Date.parse('2030-01-01T00:00:00Z');
    const repo = new StoriesRepo(dir, () => new Date(t));
    const [a, b, c] = await repo.accept([draft('A'), draft('B'), draft('C')]);
    t += 60_000;
    const archived = await repo.setStatus([a!.id, c!.id, a!.id], 'archived');
    expect(archived.map((s) => [s.title, s.status, s.updatedAt])).toEqual([
      ['A', 'archived', '2030-01-01T00:01:00.000Z'],
      ['C', 'archived', '2030-01-01T00:01:00.000Z'],
    ]);
    await expect(repo.setStatus([b!.id, 'nope'], 'done')).rejects.toMatchObject({ code: 'not_found' });
    const onDisk = await new StoriesRepo(dir).list();
    expect(onDisk.map((s) => s.status)).toEqual(['archived', 'pending', 'archived']);
  });

  it('concurrent updates of one story keep every change (serialized read-modify-write)', async () => {
    const repo = new StoriesRepo(dir);
    const [s] = await repo.accept([draft('A')]);
    await Promise.all([
      repo.update(s!.id, { title: 'T' }),
      repo.update(s!.id, { status: 'in_progress' }),
      repo.update(s!.id, { acceptanceCriteria: ['x', 'y'] }),
    ]);
    const onDisk = await new StoriesRepo(dir).list();
    expect(onDisk[0]).toMatchObject({ title: 'T', status: 'in_progress', acceptanceCriteria: ['x', 'y'] });
    expect((await readdir(join(dir, 'stories'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  // Two repos on one store are two faces (the desktop app and the browser host or the headless CLI).
  it('an update starts from the story on disk: a rename by another face is not undone by an archive here', async () => {
    const app = new StoriesRepo(dir);
    const [s] = await app.accept([draft('Old')]);
    const host = new StoriesRepo(dir);
    expect((await host.list()).map((x) => x.title)).toEqual(['Old']);
    await app.update(s!.id, { title: 'Renamed' });
    const archived = await host.update(s!.id, { status: 'archived' });
    expect(archived).toMatchObject({ title: 'Renamed', status: 'archived' });
    expect(await new StoriesRepo(dir).list()).toEqual([archived]);
    expect(await host.list()).toEqual([archived]);
  });

  it('an archive (setStatus) starts from the stories on disk too', async () => {
    const app = new StoriesRepo(dir);
    const [s] = await app.accept([draft('Old')]);
    const host = new StoriesRepo(dir);
    expect(await host.list()).toHaveLength(1);
    await app.update(s!.id, { title: 'Renamed' });
    const [archived] = await host.setStatus([s!.id], 'archived');
    expect(archived).toMatchObject({ title: 'Renamed', status: 'archived' });
    expect(await new StoriesRepo(dir).list()).toEqual([archived]);
    await app.delete([s!.id]);
    await expect(host.setStatus([s!.id], 'done')).rejects.toMatchObject({ code: 'not_found' });
    expect(await readdir(join(dir, 'stories'))).toEqual([]);
  });

  it('an update of a story another face deleted is not_found and does not bring it back', async () => {
    const app = new StoriesRepo(dir);
    const [s] = await app.accept([draft('A')]);
    const host = new StoriesRepo(dir);
    expect(await host.list()).toHaveLength(1);
    await app.delete([s!.id]);
    await expect(host.update(s!.id, { title: 'Edited' })).rejects.toMatchObject({ code: 'not_found' });
    expect(await readdir(join(dir, 'stories'))).toEqual([]);
    expect(await host.list()).toEqual([]);
    await expect(host.update('../x', { title: 'x' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('delete returns the exact records and restore puts them back', async () => {
    const repo = new StoriesRepo(dir);
    const stories = await repo.accept([draft('A'), draft('B')]);
    const deleted = await repo.delete([stories[0]!.id, 'missing']);
    expect(deleted).toEqual([stories[0]]);
    expect((await new StoriesRepo(dir).list()).map((s) => s.title)).toEqual(['B']);
    await repo.restore(deleted);
    expect(await new StoriesRepo(dir).list()).toEqual(stories);
  });
});

describe('openProjectStore', () => {
  it('keeps an unreadable story aside, reports it, and loads the rest; history only when first read', async () => {
    const repo = new StoriesRepo(dir);
    const [good] = await repo.accept([draft('Good')]);
    await writeFile(join(dir, 'stories', 'broken.json'), '{"id": "broken", "title": ');
    await mkdir(join(dir, 'local', 'history'), { recursive: true });
    await writeFile(join(dir, 'local', 'history', 'h1.json'), JSON.stringify({ id: 'h1', kind: 'derive' }));
    const bus = new LogBus();
    const { store, problems } = await openProjectStore(dir, bus.logger('project'));
    expect(await store.stories.list()).toEqual([good]);
    // Opening (and listing the backlog) never reads history: its unreadable record is found when it is read.
    expect(problems.map((p) => p.file)).toEqual(['stories/broken.json']);
    expect(await store.history.list()).toEqual([]);
    expect(problems.map((p) => p.file).sort()).toEqual(['local/history/h1.json', 'stories/broken.json']);
    expect(problems.find((p) => p.file === 'stories/broken.json')!.reason).toMatch(/not valid JSON/);
    const names = await readdir(join(dir, 'stories'));
    expect(names.some((n) => n.startsWith('broken.json.corrupt-'))).toBe(true);
    expect(names).not.toContain('broken.json');
    expect(bus.recent().filter((l) => l.level === 'error')).toHaveLength(2);
  });

  it('marks generations left running by a previous run as failed (interrupted)', async () => {
    const { store } = await openProjectStore(dir, new LogBus().logger('p'));
    await store.history.put({
      id: 'g1',
      kind: 'derive',
      title: 't',
      prompt: 'p',
      status: 'running',
      createdAt: new Date().toISOString(),
      warnings: [],
      meta: { ...EMPTY_META },
    });
    const reopened = await openProjectStore(dir, new LogBus().logger('p'));
    expect(await reopened.store.history.get('g1')).toMatchObject({
      status: 'failed',
      error: { code: 'interrupted' },
    });
  });
});
