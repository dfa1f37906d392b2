// Pages, filters and search answered from the backlog's index files: what another face wrote shows in the next page,
// a search reads only the stories it shows (and the few longer than the index's search line), and a snapshot
// replaced by another process is read again rather than rebuilt.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoryDraft } from '../../shared/stories';
import { StoriesRepo } from './storiesRepo';
import { SnapshotColumns } from './storyIndexColumns';
import { SEARCH_MAX } from './storyIndexFile';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-story-pages-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const draft = (title: string, description = `As a user, I want ${title}`): StoryDraft => ({
  title,
  description,
  acceptanceCriteria: ['ok'],
});

function counted(): { repo: StoriesRepo; reads: () => number } {
  const repo = new StoriesRepo(dir);
  const spy = vi.spyOn(repo.records, 'readUncached');
  return { repo, reads: () => spy.mock.calls.length };
}

const titles = (page: { stories: { title: string }[] }) => page.stories.map((s) => s.title);

describe('a page of the backlog from the index files', () => {
  it('shows in the next page what another face wrote, filters and search included', async () => {
    await new StoriesRepo(dir).accept([draft('Alpha'), draft('Beta'), draft('Gamma')]);
    const app = new StoriesRepo(dir);
    expect(titles(await app.page({ limit: 50 }))).toEqual(['Alpha', 'Beta', 'Gamma']);
    const cli = new StoriesRepo(dir);
    const [added] = await cli.accept([draft('Delta from the CLI', 'Export the zebra report')]);
    await cli.setStatus([added!.id], 'done');
    const next = await app.page({ limit: 50 });
    expect(titles(next)).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta from the CLI']);
    expect([next.total, next.matching]).toEqual([4, 4]);
    expect(titles(await app.page({ query: 'ZEBRA', limit: 50 }))).toEqual(['Delta from the CLI']);
    expect(titles(await app.page({ statuses: ['done'], limit: 50 }))).toEqual(['Delta from the CLI']);
    // The other way round: the app's write shows in a page of the CLI, which had read the index already.
    await app.update(added!.id, { title: 'Delta renamed in the app' });
    expect(titles(await cli.page({ offset: 3, limit: 1 }))).toEqual(['Delta renamed in the app']);
    // A process opening the store afterwards reads the snapshot the replay kept, without a rebuild.
    const later = counted();
    expect(titles(await later.repo.page({ statuses: ['pending'], query: 'user', limit: 50 }))).toEqual([
      'Alpha',
      'Beta',
      'Gamma',
    ]);
    expect(later.reads()).toBe(3);
  });

  it('searches and filters without reading the stories it does not show', async () => {
    await new StoriesRepo(dir).accept(
      Array.from({ length: 40 }, (_, i) => draft(`Story ${i + 1}`, i % 4 === 0 ? 'export csv' : 'import')),
    );
    const { repo, reads } = counted();
    const page = await repo.page({ query: 'export CSV', offset: 2, limit: 3 });
    expect(titles(page)).toEqual(['Story 9', 'Story 13', 'Story 17']);
    expect([page.total, page.matching, page.offset]).toEqual([40, 10, 2]);
    expect(reads()).toBe(3);
    const none = await repo.page({ query: 'nowhere', limit: 3 });
    expect([none.stories.length, none.matching]).toEqual([0, 0]);
    expect(reads()).toBe(3);
  });

  it('scans the search lines once for the pages of one search, and again after a write', async () => {
    await new StoriesRepo(dir).accept(Array.from({ length: 6 }, (_, i) => draft(`Story ${i + 1}`, 'zebra')));
    const scans = vi.spyOn(SnapshotColumns.prototype, 'searchLines');
    const repo = new StoriesRepo(dir);
    expect(titles(await repo.page({ query: 'zebra', limit: 4 }))).toHaveLength(4);
    expect(titles(await repo.page({ query: 'zebra', offset: 4, limit: 4 }))).toEqual(['Story 5', 'Story 6']);
    expect(scans).toHaveBeenCalledTimes(1);
    await new StoriesRepo(dir).accept([draft('Story 7', 'zebra')]);
    expect((await repo.page({ query: 'zebra', offset: 4, limit: 4 })).matching).toBe(7);
    scans.mockRestore();
  });

  it('finds a word past the search line the index keeps, reading only the stories longer than it', async () => {
    const long = `${'lorem '.repeat(Math.ceil(SEARCH_MAX / 6))} needle`;
    await new StoriesRepo(dir).accept([draft('Short one'), draft('Long one', long), draft('Short needle')]);
    const { repo, reads } = counted();
    const found = await repo.page({ query: 'needle', limit: 10 });
    expect(titles(found)).toEqual(['Long one', 'Short needle']);
    // The long story was read once to decide and once to be shown; the short ones only when shown.
    expect(reads()).toBe(3);
    const missing = await repo.page({ query: 'lorem haystack', limit: 10 });
    expect(missing.matching).toBe(0);
  });

  it('reads a snapshot another process took meanwhile again, and rebuilds only a damaged one', async () => {
    await new StoriesRepo(dir).accept([draft('One'), draft('Two'), draft('Three')]);
    const { repo, reads } = counted();
    expect(titles(await repo.page({ limit: 1 }))).toEqual(['One']);
    // Another process rebuilds the index (its cache was removed): same folder, new snapshot files.
    await rm(join(dir, 'local', 'cache'), { recursive: true });
    await new StoriesRepo(dir).index.ready();
    expect(titles(await repo.page({ offset: 1, limit: 2 }))).toEqual(['Two', 'Three']);
    expect(reads()).toBe(3);
    await writeFile(join(dir, 'local', 'cache', 'stories-index.ids'), 'garbage');
    expect(titles(await repo.page({ offset: 2, limit: 1 }))).toEqual(['Three']);
    expect(reads()).toBe(3 + 3 + 1); // rebuilt: every story read once, then the page's
  });

  it('sweeps a killed write of the stories folder when the change it left makes the index rebuild', async () => {
    await new StoriesRepo(dir).accept([draft('One')]);
    await new StoriesRepo(dir).index.ready();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const temp = `.x.json.p${dead}.0123456789ab.tmp`;
    await writeFile(join(dir, 'stories', temp), '{"partial');
    expect(titles(await new StoriesRepo(dir).page({}))).toEqual(['One']);
    expect(await readdir(join(dir, 'stories'))).not.toContain(temp);
    // And the index taken after the sweep is current: the next process does not rebuild it.
    const next = counted();
    await next.repo.page({ limit: 1 });
    expect(next.reads()).toBe(1);
  });
});
