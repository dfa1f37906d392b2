// `puffin stories list` over a backlog larger than one page: everything asked for is printed (page after page),
// in backlog order, with the short ids the whole backlog gives; the counts come from the store's index.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordText } from '../../main/store/recordFile';
import { storeDirOf } from '../../main/store/storeMeta';
import { shortIds } from '../../shared/shortIds';
import type { Story } from '../../shared/stories';
import { STORY_PAGE_LIMITS } from '../../shared/storyPage';
import { runPuffin } from '../../../test/support/cli/inProcessCli';

let project: string;
let userData: string;
const puffin = (argv: string[]) =>
  runPuffin(argv, { env: { PATH: process.env.PATH ?? '', PUFFIN_USER_DATA: userData }, cwd: project });

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-pages-'));
  userData = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-pages-user-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(userData, { recursive: true, force: true });
});

describe('puffin stories list past one page', () => {
  it('prints every story asked for, in order, with whole-backlog short ids and counts', async () => {
    const count = STORY_PAGE_LIMITS.max + 50;
    // Written as the store writes them, without an fsync each: a thousand accepted stories take seconds.
    const folder = path.join(storeDirOf(project), 'stories');
    await mkdir(folder, { recursive: true });
    const stories = Array.from({ length: count }, (_, i): Story => {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
      const id = randomUUID();
      const title = `Story ${i + 1}${i % 2 ? ' odd' : ''}`;
      return {
        id,
        title,
        description: '',
        acceptanceCriteria: [],
        status: 'pending',
        createdAt: at,
        updatedAt: at,
      };
    });
    await Promise.all(stories.map((s) => writeFile(path.join(folder, `${s.id}.json`), recordText(s))));
    const short = shortIds(stories.map((s) => s.id));

    const all = await puffin(['stories', 'list', '--project', '.']);
    expect(all.code).toBe(0);
    const printed = all.out.data as (Story & { shortId: string })[];
    expect(printed.map((s) => s.id)).toEqual(stories.map((s) => s.id));
    expect(printed.map((s) => s.shortId)).toEqual(stories.map((s) => short.get(s.id)));
    expect(all.out.meta).toEqual({ total: count, shown: count });

    const slice = await puffin(['stories', 'list', '--project', '.', '--limit', '1010', '--offset', '30']);
    expect((slice.out.data as Story[]).map((s) => s.id)).toEqual(stories.slice(30, 1040).map((s) => s.id));
    expect(slice.out.meta).toEqual({ total: count, shown: 1010, matching: count, offset: 30 });

    const odd = await puffin(['stories', 'list', '--project', '.', '--query', 'ODD', '--limit', '2']);
    expect((odd.out.data as Story[]).map((s) => s.title)).toEqual(['Story 2 odd', 'Story 4 odd']);
    expect(odd.out.meta).toEqual({ total: count, shown: 2, matching: count / 2, offset: 0 });
  });
});
