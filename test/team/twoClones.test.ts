// Two people, two clones of one repository, one backlog: each edits it and they merge through git, with Puffin's
// merge driver registered the way `puffin hooks install` registers it and run by git as a real process (this
// checkout's bin/puffin.cjs). Edits to different stories and to different fields of one story all survive; the
// same field changed on both sides stops the merge, keeps the current branch's value, and `puffin conflicts` lists
// the other; the store still opens; nothing of .puffin/local/ is ever committed.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../src/shared/stories';
import { runPuffin } from '../support/cli/inProcessCli';
import { LogBus } from '../../src/main/base/logger';
import { openProjectStore } from '../../src/main/store/projectStore';
import { recordText } from '../../src/main/store/recordFile';
import { StoriesRepo } from '../../src/main/store/storiesRepo';
import { openStore } from '../../src/main/store/storeMeta';
import { installMergeDriver } from '../../src/main/team/mergeDriverInstall';
import { findPuffinRoot } from '../../src/main/verify/puffinSource';
import { GIT_TEST_ENV } from '../support/gitFixture';

const PUFFIN_ROOT = findPuffinRoot(path.dirname(new URL(import.meta.url).pathname))!;

let root: string;
let alice: string;
let bob: string;
let ids: string[];
/** The environment git runs the driver in: the sources through tsx (no build), a user-data folder of the test's. */
let env: Record<string, string>;

const git = async (dir: string, ...args: string[]) => {
  const r = await execa('git', args, { cwd: dir, env, reject: false });
  return { code: r.exitCode ?? 1, out: String(r.stdout), err: String(r.stderr) };
};
const must = async (dir: string, ...args: string[]) => {
  const r = await git(dir, ...args);
  if (r.code !== 0) throw new Error(`git ${args.join(' ')}: ${r.err}`);
  return r.out;
};
const stories = (dir: string) => new StoriesRepo(path.join(dir, '.puffin'));
const storyOn = async (dir: string, id: string) =>
  JSON.parse(await readFile(path.join(dir, '.puffin', 'stories', `${id}.json`), 'utf8')) as Story;
/** Commits everything as a user would (`git add --all`), then syncs with the shared repository. */
const commitAll = async (dir: string, message: string) => {
  await must(dir, 'add', '--all');
  await must(dir, 'commit', '--quiet', '-m', message);
};
const pull = (dir: string) => git(dir, 'pull', '--no-rebase', '--quiet', 'origin', 'main');
/** What a person does with the app open: history and an open review written under local/. */
const useLocally = async (dir: string, tag: string) => {
  const local = path.join(dir, '.puffin', 'local');
  await mkdir(path.join(local, 'history'), { recursive: true });
  await writeFile(path.join(local, 'history', `${tag}.json`), '{}');
  await writeFile(path.join(local, 'history', `${tag}.raw.jsonl`), '{"type":"result"}\n');
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'puffin-two-clones-'));
  env = {
    ...GIT_TEST_ENV,
    PUFFIN_NO_PREBUILT: '1',
    PUFFIN_USER_DATA: path.join(root, 'user-data'),
    PATH: process.env.PATH ?? '',
  };
  const origin = path.join(root, 'origin.git');
  await must(root, 'init', '--quiet', '--bare', '--initial-branch=main', origin);
  alice = path.join(root, 'alice');
  await must(root, 'clone', '--quiet', origin, alice);
  await must(alice, 'checkout', '--quiet', '-b', 'main');
  const made = await stories(alice).accept(
    ['Search', 'Share', 'Rate'].map((title) => ({
      title,
      description: `${title} recipes`,
      acceptanceCriteria: [`${title} works`],
    })),
  );
  ids = made.map((s) => s.id);
  await openStore(alice); // writes .puffin/.gitignore
  await useLocally(alice, 'a0');
  await installMergeDriver(alice, PUFFIN_ROOT);
  await commitAll(alice, 'a backlog');
  await must(alice, 'push', '--quiet', 'origin', 'main');
  bob = path.join(root, 'bob');
  await must(root, 'clone', '--quiet', origin, bob);
  await installMergeDriver(bob, PUFFIN_ROOT);
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const tracked = async (dir: string) => (await must(dir, 'ls-files')).split('\n').filter(Boolean);

describe('two clones editing one backlog', () => {
  it('registers the driver the way hooks install does: a committed attributes line, this checkout in the config', async () => {
    expect(await readFile(path.join(bob, '.gitattributes'), 'utf8')).toBe('.puffin/**/*.json merge=puffin\n');
    const driver = (await must(bob, 'config', '--local', 'merge.puffin.driver')).trim();
    expect(driver).toBe(`node '${path.join(PUFFIN_ROOT, 'bin', 'puffin.cjs')}' merge-driver %O %A %B %P`);
    expect(driver).not.toMatch(/npx/);
  });

  it('keeps edits to different stories, and to different fields of one story, from both sides', async () => {
    const [search, share, rate] = ids as [string, string, string];
    await stories(alice).update(search, { title: 'Search by name' });
    await stories(alice).update(rate, { title: 'Rate with stars' });
    await commitAll(alice, 'alice: titles');
    await must(alice, 'push', '--quiet', 'origin', 'main');

    await stories(bob).update(share, { description: 'Share a recipe by link' });
    await stories(bob).update(rate, {
      description: 'Rate a recipe from 1 to 5',
      acceptanceCriteria: ['Stars show'],
    });
    await useLocally(bob, 'b1');
    await commitAll(bob, 'bob: descriptions');
    const merged = await pull(bob);
    expect(merged.code, merged.err).toBe(0);

    expect(await storyOn(bob, search)).toMatchObject({ title: 'Search by name' });
    expect(await storyOn(bob, share)).toMatchObject({ description: 'Share a recipe by link' });
    expect(await storyOn(bob, rate)).toMatchObject({
      title: 'Rate with stars',
      description: 'Rate a recipe from 1 to 5',
      acceptanceCriteria: ['Stars show'],
    });
    // The merge commit holds it all, and no conflict was recorded.
    expect(await must(bob, 'status', '--porcelain')).toBe('');
    expect((await tracked(bob)).filter((f) => f.startsWith('.puffin/conflicts/'))).toEqual([]);
    await must(bob, 'push', '--quiet', 'origin', 'main');
  }, 120_000);

  it('keeps both sides’ appended runs of a results history', async () => {
    const id = ids[0]!;
    const run = (startedAt: string) => ({
      startedAt,
      durationMs: 1,
      commit: null,
      results: [],
      summary: { total: 0, passed: 0, failed: 0, errors: 0 },
    });
    const file = (dir: string) => path.join(dir, '.puffin', 'assertions', 'results', `${id}.json`);
    const history = (...runs: string[]) => recordText({ storyId: id, runs: runs.map(run) });
    expect((await pull(alice)).code).toBe(0);
    await mkdir(path.dirname(file(alice)), { recursive: true });
    await writeFile(file(alice), history('2026-01-01T00:00:00.000Z'));
    await commitAll(alice, 'a first run');
    await must(alice, 'push', '--quiet', 'origin', 'main');
    expect((await pull(bob)).code).toBe(0);

    await writeFile(file(alice), history('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'));
    await commitAll(alice, 'alice ran');
    await must(alice, 'push', '--quiet', 'origin', 'main');
    await writeFile(file(bob), history('2026-01-01T00:00:00.000Z', '2026-01-03T00:00:00.000Z'));
    await commitAll(bob, 'bob ran');
    const merged = await pull(bob);
    expect(merged.code, merged.err).toBe(0);
    const runs = (JSON.parse(await readFile(file(bob), 'utf8')) as { runs: { startedAt: string }[] }).runs;
    expect(runs.map((r) => r.startedAt.slice(0, 10))).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    await must(bob, 'push', '--quiet', 'origin', 'main');
  }, 120_000);

  it('stops on the same field changed on both sides, keeps the current value, and lists the other', async () => {
    const id = ids[1]!;
    expect((await pull(alice)).code).toBe(0);
    await stories(alice).update(id, { title: 'Share with friends' });
    await commitAll(alice, 'alice: share title');
    await must(alice, 'push', '--quiet', 'origin', 'main');
    await stories(bob).update(id, { title: 'Share with family' });
    await commitAll(bob, 'bob: share title');

    const merged = await pull(bob);
    expect(merged.code).not.toBe(0); // git stopped: the driver said the record conflicts
    expect(await must(bob, 'diff', '--name-only', '--diff-filter=U')).toContain(`.puffin/stories/${id}.json`);
    expect(await storyOn(bob, id)).toMatchObject({ title: 'Share with family' });

    const userData = path.join(root, 'user-data');
    const listed = await runPuffin(['conflicts', '--project', bob], { env: { PUFFIN_USER_DATA: userData } });
    expect(listed.code).toBe(0);
    const data = listed.out.data as { conflicts: { file: string; storyId: string; revisions: unknown[] }[] };
    expect(data.conflicts).toEqual([
      {
        key: `stories__${id}`,
        file: `stories/${id}.json`,
        storyId: id,
        sprintId: null,
        revisions: [
          {
            id: expect.any(String),
            conflicting: true,
            at: expect.any(String),
            fields: [
              {
                field: 'title',
                ancestor: 'Share',
                current: 'Share with family',
                other: 'Share with friends',
              },
            ],
          },
        ],
      },
    ]);

    // Bob settles it (keeps his title), commits the merge with its conflict record; the store opens cleanly.
    await commitAll(bob, 'merge: share title kept');
    const { store, problems } = await openProjectStore(path.join(bob, '.puffin'), new LogBus().logger('t'));
    expect(problems).toEqual([]);
    expect((await store.stories.list()).map((s) => s.id).sort()).toEqual([...ids].sort());
    expect(await tracked(bob)).toContain(`.puffin/conflicts/stories__${id}.json`);
  }, 120_000);

  it('never commits anything of .puffin/local/, on either side', async () => {
    for (const dir of [alice, bob]) {
      const files = await tracked(dir);
      expect(files).toContain('.puffin/.gitignore');
      expect(files.filter((f) => f.startsWith('.puffin/local/'))).toEqual([]);
    }
    const everCommitted = await must(bob, 'log', '--all', '--name-only', '--format=');
    expect(everCommitted).not.toMatch(/\.puffin\/local\//);
  });
});
