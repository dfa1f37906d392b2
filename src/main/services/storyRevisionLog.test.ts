import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoryRevisionLog, type NewStoryRevision } from './storyRevisionLog';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-story-revision-log-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const round = (title: string): NewStoryRevision => ({
  kind: 'modified',
  generationId: 'g1',
  stories: [{ title, description: title, acceptanceCriteria: ['ok'], locked: false }],
});
const at = new Date('2030-01-01T00:00:00Z');

// Two logs on one store are two faces (the desktop app and the browser host) working on one project folder.
describe('StoryRevisionLog', () => {
  it('appends after the revisions on disk, even those another face added since this one read the review', async () => {
    const app = new StoryRevisionLog({ dir });
    const host = new StoryRevisionLog({ dir });
    await app.append('g1', round('app 1'), at);
    expect((await host.get('g1'))!.revisions).toHaveLength(1); // the host now has a copy
    await app.append('g1', round('app 2'), at);
    const out = await host.append('g1', round('host 3'), at);
    const onDisk = JSON.parse(await readFile(join(dir, 'story-revisions', 'g1.json'), 'utf8'));
    expect(onDisk).toEqual(out);
    expect(out.revisions.map((r) => `${r.number}:${r.stories[0]!.title}`)).toEqual([
      '1:app 1',
      '2:app 2',
      '3:host 3',
    ]);
    expect(out.current).toBe(3);
  });

  it('restores a revision another face added since this one read the review', async () => {
    const app = new StoryRevisionLog({ dir });
    const host = new StoryRevisionLog({ dir });
    await app.append('g1', round('one'), at);
    await host.get('g1');
    await app.append('g1', round('two'), at);
    const out = await host.restore('g1', 2, at);
    expect(out.revisions.map((r) => [r.number, r.kind, r.stories[0]!.title])).toEqual([
      [1, 'modified', 'one'],
      [2, 'modified', 'two'],
      [3, 'restored', 'two'],
    ]);
    expect(out.revisions[2]!.restoredFrom).toBe(2);
    await expect(host.restore('g1', 9, at)).rejects.toMatchObject({ code: 'not_found' });
    await expect(host.restore('none', 1, at)).rejects.toMatchObject({ code: 'not_found' });
    await expect(host.restore('../x', 1, at)).rejects.toMatchObject({ code: 'not_found' });
  });
});
