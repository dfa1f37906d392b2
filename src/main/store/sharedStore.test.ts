// A store a team shares through git: what is one person's sits under .puffin/local/ and never reaches a commit, a
// store of the previous layout is migrated (its local files left out of the next commit), and records are written
// the same way whoever writes them.
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import { cacheDir, draftsDir, localDir, locksDir, storeDir, tempDir, worktreesDir } from './folders';
import { v3ToV4 } from './migrations';
import { recordText } from './recordFile';
import { openStore, STORE_VERSION } from './storeMeta';
import { ensureStoreIgnore, storeIgnoreText } from './storeIgnore';

const FIXTURE_V2 = fileURLToPath(new URL('../../../test/fixtures/store-v2/', import.meta.url));

describe('the path helpers', () => {
  it('put every folder of one person under <project>/.puffin/local/', () => {
    const p = join('/', 'work', 'shop');
    expect(storeDir(p)).toBe(join(p, '.puffin'));
    expect(localDir(p)).toBe(join(p, '.puffin', 'local'));
    expect(cacheDir(p, 'repo-map')).toBe(join(p, '.puffin', 'local', 'cache', 'repo-map'));
    expect(worktreesDir(p)).toBe(join(p, '.puffin', 'local', 'worktrees'));
    expect(draftsDir(p)).toBe(join(p, '.puffin', 'local', 'drafts'));
    expect(locksDir(p)).toBe(join(p, '.puffin', 'local', 'locks'));
    expect(tempDir(p)).toBe(join(p, '.puffin', 'local', 'tmp'));
    expect(() => cacheDir(p, '../stories')).toThrow(/Invalid cache name/);
  });
});

describe('v3ToV4', () => {
  it('moves every file of the history and the open review under local/, and nothing else', () => {
    const names = [
      'history/g1.json',
      'history/g1.raw.jsonl',
      'history/g2.raw.jsonl.partial',
      'open-review/g1.json',
      'stories/s1.json',
      'plans/sp.json',
      'project.json',
    ];
    expect(v3ToV4({}, names)).toEqual({
      write: {},
      remove: [],
      move: {
        'history/g1.json': 'local/history/g1.json',
        'history/g1.raw.jsonl': 'local/history/g1.raw.jsonl',
        'history/g2.raw.jsonl.partial': 'local/history/g2.raw.jsonl.partial',
        'open-review/g1.json': 'local/open-review/g1.json',
      },
    });
    // Run again over what is left at the top (local/ is never listed): nothing more to move.
    expect(v3ToV4({}, ['stories/s1.json', 'plans/sp.json'])).toEqual({ write: {}, remove: [], move: {} });
  });
});

describe('a store in a git repository', () => {
  let repo: GitFixture;
  beforeEach(async () => {
    repo = await createGitFixture('puffin-shared-store-');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  const tracked = async () => (await repo.git('ls-files', '.puffin')).split('\n').filter(Boolean);

  it('migrates a store whose history was committed: the next commit holds no local file, the files are all kept', async () => {
    await cp(FIXTURE_V2, join(repo.dir, '.puffin'), { recursive: true });
    await repo.write({ 'README.md': 'A shop.\n' });
    await repo.commit('the old layout, history and all');
    const historyBefore = (await readdir(join(FIXTURE_V2, 'history'))).sort();
    expect((await tracked()).filter((f) => f.startsWith('.puffin/history/')).length).toBe(
      historyBefore.length,
    );

    const state = await openStore(repo.dir);
    expect(state).toMatchObject({ version: STORE_VERSION, migratedFrom: 2 });
    expect((await readdir(join(repo.dir, '.puffin', 'local', 'history'))).sort()).toEqual(historyBefore);

    // What a user does next: everything staged and committed.
    await repo.commit('after the migration');
    const after = await tracked();
    expect(after.filter((f) => f.startsWith('.puffin/local/'))).toEqual([]);
    expect(after.filter((f) => f.startsWith('.puffin/history/'))).toEqual([]);
    expect(after).toContain('.puffin/.gitignore');
    expect(after).toContain('.puffin/store.json');
    expect(after.some((f) => f.startsWith('.puffin/stories/'))).toBe(true);
    expect(after.some((f) => f.startsWith('.puffin/plans/'))).toBe(true);
  });

  it('keeps locks, temp files, files kept aside and everything under local/ out of git', async () => {
    await mkdir(join(repo.dir, '.puffin', 'stories'), { recursive: true });
    await openStore(repo.dir);
    const store = join(repo.dir, '.puffin');
    await mkdir(join(store, 'local', 'cache', 'x'), { recursive: true });
    await writeFile(join(store, 'local', 'cache', 'x', 'index.json'), '{}');
    await writeFile(join(store, 'stories', 's1.json'), '{"id":"s1"}\n');
    await writeFile(join(store, 'stories', '.s1.json.lock'), '1 2 x');
    await writeFile(join(store, 'stories', '.s1.json.lock.77.abc'), '1 2 x');
    await writeFile(join(store, 'stories', '.s1.json.p77.0123456789ab.tmp'), '{');
    await writeFile(join(store, 'stories', 's2.json.corrupt-2026-01-01T00-00-00-000Z'), '{');
    await repo.commit('a store in use');
    expect((await tracked()).sort()).toEqual([
      '.puffin/.gitignore',
      '.puffin/store.json',
      '.puffin/stories/s1.json',
    ]);
  });
});

describe('the store .gitignore', () => {
  let repo: GitFixture;
  beforeEach(async () => {
    repo = await createGitFixture('puffin-store-ignore-');
    await mkdir(join(repo.dir, '.puffin'));
  });
  afterEach(async () => {
    await rm(repo.dir, { recursive: true, force: true });
  });

  it('is written once, and keeps the lines a user added while adding the patterns it lacks', async () => {
    const store = join(repo.dir, '.puffin');
    const file = join(store, '.gitignore');
    expect(await ensureStoreIgnore(store)).toBe('created');
    expect(await readFile(file, 'utf8')).toBe(storeIgnoreText());
    expect(await ensureStoreIgnore(store)).toBe('unchanged');
    await writeFile(file, 'scratch.json');
    expect(await ensureStoreIgnore(store)).toBe('updated');
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('scratch.json\n/local/\n')).toBe(true);
    expect(await ensureStoreIgnore(store)).toBe('unchanged');
  });
});

describe('recordText', () => {
  it('writes the same text for the same content, whatever order its keys were set in', () => {
    const a = { title: 'T', id: 's1', criteria: [{ text: 'x', done: false }], b: { z: 1, a: 2 } };
    const b = { b: { a: 2, z: 1 }, criteria: [{ done: false, text: 'x' }], id: 's1', title: 'T' };
    expect(recordText(a)).toBe(recordText(b));
    expect(recordText(a)).toBe(
      '{\n  "id": "s1",\n  "b": {\n    "a": 2,\n    "z": 1\n  },\n  "criteria": [\n    {\n      "done": false,\n' +
        '      "text": "x"\n    }\n  ],\n  "title": "T"\n}\n',
    );
  });

  it('writes a date as JSON does', () => {
    expect(recordText({ at: new Date('2026-01-02T03:04:05.000Z') })).toBe(
      '{\n  "at": "2026-01-02T03:04:05.000Z"\n}\n',
    );
  });
});
