// A story's earlier texts: kept when something replaces the text, restorable (the restore keeps what it replaces),
// skipped when nothing changes, bounded to the newest MAX_VERSIONS, read from disk by another face's log.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { StoriesRepo } from './storiesRepo';
import { MAX_VERSIONS, StoryVersionLog } from './storyVersions';

let dir: string;
let stories: StoriesRepo;
let id: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-versions-'));
  stories = new StoriesRepo(dir);
  const [s] = await stories.accept([{ title: 'First', description: 'One.', acceptanceCriteria: ['A'] }]);
  id = s!.id;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const text = (title: string) => ({ title, description: `${title}.`, acceptanceCriteria: [title] });

it('keeps the text a replacement overwrote, and a restore puts it back keeping the text it replaces', async () => {
  const log = new StoryVersionLog(stories);
  expect((await log.replace(id, text('Second'), { kind: 'synced', by: 'Jira PUF-2' })).kept).toBe(1);
  expect((await stories.list())[0]).toMatchObject(text('Second'));
  // Another face's log reads what is on disk.
  const other = new StoryVersionLog(new StoriesRepo(dir));
  expect((await other.list(id)).versions).toEqual([
    expect.objectContaining({
      number: 1,
      kind: 'synced',
      by: 'Jira PUF-2',
      title: 'First',
      description: 'One.',
    }),
  ]);
  const restored = await other.restore(id, 1);
  expect(restored).toMatchObject({ title: 'First', description: 'One.', acceptanceCriteria: ['A'] });
  expect((await log.list(id)).versions.map((v) => [v.number, v.kind, v.by, v.title])).toEqual([
    [1, 'synced', 'Jira PUF-2', 'First'],
    [2, 'restored', 'version 1', 'Second'],
  ]);
  await expect(log.restore(id, 9)).rejects.toMatchObject({ code: 'not_found' });
});

it('keeps nothing when the text does not change, and only the newest versions', async () => {
  const log = new StoryVersionLog(stories);
  await log.replace(
    id,
    { title: 'First', description: 'One.', acceptanceCriteria: ['A'] },
    { kind: 'imported', by: 'x' },
  );
  expect((await log.list(id)).versions).toEqual([]);
  for (let i = 0; i < MAX_VERSIONS + 3; i++)
    await log.replace(id, text(`T${i}`), { kind: 'synced', by: 'y' });
  const { versions } = await log.list(id);
  expect(versions).toHaveLength(MAX_VERSIONS);
  expect(versions[0]!.number).toBe(4);
  expect(versions.at(-1)!.number).toBe(MAX_VERSIONS + 3);
});

it('reports the title the story had on disk just before, not the one in an older listing', async () => {
  const listed = await stories.list();
  // Another face renames the story after the listing was taken.
  await new StoriesRepo(dir).update(id, { title: 'Renamed elsewhere' });
  const log = new StoryVersionLog(stories);
  const r = await log.replace(id, text('From the tracker'), { kind: 'synced', by: 'Jira PUF-2' });
  expect(listed[0]!.title).toBe('First');
  expect(r.previousTitle).toBe('Renamed elsewhere');
});
