// Two faces exporting one project's stories to one repository: each keeps the links the other stored meanwhile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { storeLinks } from './issueLinks';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'puffin-links-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

const repo = { owner: 'o', name: 'n' };
const api = 'https://api.github.com';
const link = (n: number) => ({ number: n, url: `https://github.com/o/n/issues/${n}`, exportedAt: 'T' });

it('a save merges into the links on disk rather than writing back what this face loaded', async () => {
  const [a, b] = [storeLinks(dir, repo, api), storeLinks(dir, repo, api)];
  const [la, lb] = [await a.load(), await b.load()];
  la.issues['story-a'] = link(1);
  await a.save(la);
  lb.issues['story-b'] = link(2);
  lb.milestones['sprint-b'] = { number: 7, title: 'S' };
  await b.save(lb);
  la.issues['story-c'] = link(3);
  await a.save(la);
  const stored = await storeLinks(dir, repo, api).load();
  expect(Object.keys(stored.issues).sort()).toEqual(['story-a', 'story-b', 'story-c']);
  expect(Object.keys(stored.milestones)).toEqual(['sprint-b']);
});
