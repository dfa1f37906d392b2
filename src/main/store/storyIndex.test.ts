// The backlog's local index: pages and counts come from it, it is rebuilt from the record files when missing,
// stale or unreadable, and writes through any face (two repos on one store, as two processes) keep it correct.
import { mkdtemp, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shortIds } from '../../shared/shortIds';
import type { Story } from '../../shared/stories';
import { recordText } from './recordFile';
import { StoriesRepo } from './storiesRepo';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-story-index-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const draft = (title: string, words = '') => ({
  title,
  description: `As a user, I want ${title} ${words}`.trim(),
  acceptanceCriteria: ['ok'],
});

const indexFile = () => join(dir, 'local', 'cache', 'stories-index.json');
const truth = async () => (await new StoriesRepo(dir).list()).map((s) => [s.id, s.title, s.status] as const);
const indexed = async (repo: StoriesRepo) =>
  (await repo.index.entries()).map((e) => [e.id, e.title, e.status] as const);

/** A repo whose every record read is counted: a rebuild reads every story, a fresh index none. */
function counted(): { repo: StoriesRepo; reads: () => number } {
  const repo = new StoriesRepo(dir);
  const spy = vi.spyOn(repo.records, 'readUncached');
  return { repo, reads: () => spy.mock.calls.length };
}

async function backlog(n: number): Promise<Story[]> {
  const repo = new StoriesRepo(dir);
  return repo.accept(
    Array.from({ length: n }, (_, i) => draft(`Story ${i + 1}`, i % 3 === 0 ? 'export csv' : 'import')),
  );
}

describe('stories:page through the local index', () => {
  it('pages the backlog oldest first with filters, search and counts; short ids as among the whole backlog', async () => {
    const stories = await backlog(30);
    const repo = new StoriesRepo(dir);
    await repo.setStatus([stories[0]!.id, stories[4]!.id, stories[5]!.id], 'done');

    const first = await repo.page({ limit: 10 });
    expect(first.stories.map((s) => s.title)).toEqual(stories.slice(0, 10).map((s) => s.title));
    expect([first.total, first.matching, first.offset]).toEqual([30, 30, 0]);
    const all = shortIds(stories.map((s) => s.id));
    expect(first.stories.map((s) => s.shortId)).toEqual(first.stories.map((s) => all.get(s.id)));

    const done = await repo.page({ statuses: ['done'], offset: 1, limit: 5 });
    expect(done.stories.map((s) => s.title)).toEqual(['Story 5', 'Story 6']);
    expect(done.matching).toBe(3);
    expect(done.stories.every((s) => s.status === 'done')).toBe(true);

    const csv = await repo.page({ query: 'EXPORT csv', statuses: ['pending'], limit: 3 });
    // Stories 1, 4, 7, … hold the words; story 1 is done.
    expect(csv.stories.map((s) => s.title)).toEqual(['Story 4', 'Story 7', 'Story 10']);
    expect(csv.matching).toBe(9);
    expect(csv.total).toBe(30);
  });

  it('is rebuilt when missing, and then used as it is: a fresh repo reads no story to list the backlog', async () => {
    await backlog(12);
    await rm(join(dir, 'local'), { recursive: true });
    const a = counted();
    expect(await indexed(a.repo)).toEqual(await truth());
    expect(a.reads()).toBe(12);
    const b = counted();
    expect(await indexed(b.repo)).toEqual(await truth());
    expect(b.reads()).toBe(0);
    expect((await b.repo.page({ limit: 5 })).stories).toHaveLength(5);
    expect(b.reads()).toBe(5);
  });

  it('is rebuilt when stale: a story added, changed or deleted behind its back (git, an editor)', async () => {
    const stories = await backlog(5);
    await new StoriesRepo(dir).index.entries();
    const added: Story = { ...stories[0]!, id: 'zz-added-by-git', title: 'From git' };
    await writeFile(join(dir, 'stories', `${added.id}.json`), recordText(added));
    await unlink(join(dir, 'stories', `${stories[1]!.id}.json`));
    const fresh = counted();
    const seen = await indexed(fresh.repo);
    expect(seen).toEqual(await truth());
    expect(seen.map(([, title]) => title)).toContain('From git');
    expect(seen.map(([id]) => id)).not.toContain(stories[1]!.id);
    expect(fresh.reads()).toBe(5);
  });

  it('is rebuilt when its files are corrupt, and a corrupt story file is kept aside, not indexed', async () => {
    await backlog(4);
    await new StoriesRepo(dir).index.entries();
    await writeFile(indexFile(), '{"version":1,"mtime":');
    const a = counted();
    expect(await indexed(a.repo)).toEqual(await truth());
    expect(a.reads()).toBe(4);
    await rm(join(dir, 'local', 'cache', 'stories-index.detail.json'));
    const lost = counted();
    expect(await indexed(lost.repo)).toEqual(await truth());
    expect(lost.reads()).toBe(4);
    await writeFile(join(dir, 'local', 'cache', 'stories-index.log'), 'not json\n');
    const b = counted();
    expect(await indexed(b.repo)).toEqual(await truth());
    expect(b.reads()).toBe(4);
    // Replaced as git or an editor's safe write does (a new file renamed over it): the folder changes.
    const [victim, other] = await new StoriesRepo(dir).list();
    await writeFile(join(dir, 'broken.tmp'), '{ broken');
    await rename(join(dir, 'broken.tmp'), join(dir, 'stories', `${victim!.id}.json`));
    const c = new StoriesRepo(dir);
    expect((await c.index.entries()).map((e) => e.id)).not.toContain(victim!.id);
    expect(c.records.problems.map((p) => p.file)).toEqual([`stories/${victim!.id}.json`]);
    // Written in place (the folder's time stays): the page reads it from its file, keeps it aside and skips it.
    await writeFile(join(dir, 'stories', `${other!.id}.json`), '{ broken');
    const d = new StoriesRepo(dir);
    const page = await d.page({});
    expect(page.stories.map((s) => s.id)).not.toContain(other!.id);
    expect(d.records.problems.map((p) => p.file)).toEqual([`stories/${other!.id}.json`]);
  });

  it('stays correct when two faces write one store by turns, and the next one opens it without a rebuild', async () => {
    const stories = await backlog(6);
    const app = new StoriesRepo(dir);
    const cli = new StoriesRepo(dir);
    await app.index.entries();
    await cli.index.entries();
    await app.update(stories[0]!.id, { title: 'Renamed in the app' });
    await cli.setStatus([stories[1]!.id, stories[2]!.id], 'archived');
    await app.delete([stories[3]!.id]);
    const [late] = await cli.accept([draft('Added by the CLI')]);
    await Promise.all([
      app.update(stories[4]!.id, { status: 'done' }),
      cli.update(stories[5]!.id, { title: 'At once' }),
    ]);
    const want = await truth();
    expect(await indexed(app)).toEqual(want);
    expect(await indexed(cli)).toEqual(want);
    expect(want.map(([, t, s]) => `${t}:${s}`)).toEqual([
      'Renamed in the app:pending',
      'Story 2:archived',
      'Story 3:archived',
      'Story 5:done',
      'At once:pending',
      'Added by the CLI:pending',
    ]);
    expect(want.at(-1)![0]).toBe(late!.id);
    const next = counted();
    expect(await indexed(next.repo)).toEqual(want);
    expect(next.reads()).toBe(0);
    expect(await readFile(join(dir, 'local', '.gitignore'), 'utf8')).toBe('*\n');
  });
});
