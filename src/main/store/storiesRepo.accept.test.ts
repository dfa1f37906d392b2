// Accepting the same generation twice adds its stories once, whichever face accepts (each its own repo over the
// same folder, the second with a backlog cached before the first wrote).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoriesRepo } from './storiesRepo';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-accept-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const draft = (title: string) => ({ title, description: `As a user, ${title}`, acceptanceCriteria: ['ok'] });
const files = async () => (await readdir(join(dir, 'stories'))).length;

describe('StoriesRepo.accept from a generation', () => {
  it('adds nothing the second time, and only the drafts not yet there when some were', async () => {
    const repo = new StoriesRepo(dir);
    const first = await repo.accept([draft('A'), draft('B')], 'gen-1');
    expect(first).toHaveLength(2);
    expect(await repo.accept([draft('A'), draft('B')], 'gen-1')).toEqual([]);
    const more = await repo.accept([draft('A'), draft('B'), draft('C')], 'gen-1');
    expect(more.map((s) => s.title)).toEqual(['C']);
    expect(await files()).toBe(3);
  });

  it('reads the backlog on disk: another face that accepted it first is seen through a stale cache', async () => {
    const app = new StoriesRepo(dir);
    expect(await app.list()).toEqual([]); // the app has loaded the (empty) backlog
    await new StoriesRepo(dir).accept([draft('A')], 'gen-1'); // the command line accepts
    expect(await app.accept([draft('A')], 'gen-1')).toEqual([]);
    expect(await files()).toBe(1);
  });

  it('finds a story again after its title was edited in the backlog; other generations add their own', async () => {
    const repo = new StoriesRepo(dir);
    const [a] = await repo.accept([draft('A')], 'gen-1');
    await repo.update(a!.id, { title: 'A, renamed' });
    expect(await repo.accept([draft('  a ')], 'gen-1')).toEqual([]);
    expect(await repo.accept([draft('A')], 'gen-2')).toHaveLength(1);
    expect(await files()).toBe(2);
  });

  it('keeps two drafts of one request with the same title, and drafts without a generation every time', async () => {
    const repo = new StoriesRepo(dir);
    expect(await repo.accept([draft('A'), draft('A')], 'gen-1')).toHaveLength(2);
    expect(await repo.accept([draft('A'), draft('A')], 'gen-1')).toEqual([]);
    expect(await repo.accept([draft('X')])).toHaveLength(1);
    expect(await repo.accept([draft('X')])).toHaveLength(1);
    expect(await files()).toBe(4);
  });
});
