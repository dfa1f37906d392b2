import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIGRATIONS, type Migration } from './migrations';
import { LogBus } from '../base/logger';
import { openProjectStore } from './projectStore';
import { metaAtFirstSave, openStore, STORE_DIR, STORE_VERSION } from './storeMeta';

let project: string;
let store: string;
let meta: string;
beforeEach(async () => {
  project = await mkdtemp(join(tmpdir(), 'puffin-store-'));
  store = join(project, STORE_DIR);
  meta = join(store, 'store.json');
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

async function readMeta(): Promise<unknown> {
  return JSON.parse(await readFile(meta, 'utf8')) as unknown;
}

describe('openStore', () => {
  it('has one migration per store version before the current one', () => {
    expect(STORE_VERSION).toBe(4);
    expect(Object.keys(MIGRATIONS).map(Number)).toEqual([1, 2, 3]);
  });

  it('creates nothing for a project without a store; writes store.json once the folder exists, then reuses it', async () => {
    expect(await openStore(project)).toEqual({
      dir: store,
      exists: false,
      version: STORE_VERSION,
      createdAt: null,
      quarantined: [],
    });
    expect(await readdir(project)).toEqual([]);

    await mkdir(store); // the first saved record creates the folder
    const first = await openStore(project);
    expect(first).toEqual({
      dir: store,
      exists: true,
      version: STORE_VERSION,
      createdAt: expect.any(String),
      quarantined: [],
    });
    expect(Number.isNaN(Date.parse(first.createdAt!))).toBe(false);
    expect(await readMeta()).toEqual({ version: STORE_VERSION, createdAt: first.createdAt });

    const before = await readFile(meta, 'utf8');
    expect(await openStore(project)).toEqual(first);
    expect(await readFile(meta, 'utf8')).toBe(before);
    expect((await readdir(store)).sort()).toEqual(['.gitignore', 'store.json']);
  });

  it('writes a store.json into an existing .puffin folder that lacks one, without calling it new', async () => {
    await mkdir(store);
    await writeFile(join(store, 'other.json'), '{}');
    const state = await openStore(project);
    expect(state.exists).toBe(true);
    expect(state.quarantined).toEqual([]);
    expect((await readdir(store)).sort()).toEqual(['.gitignore', 'other.json', 'store.json']);
  });

  it.each([
    ['unparsable JSON', '{"version": 1,'],
    ['an array', '[1]'],
    ['no version', '{"createdAt": "2024-01-01T00:00:00.000Z"}'],
    ['version 0', '{"version": 0, "createdAt": "2024-01-01T00:00:00.000Z"}'],
    ['a fractional version', '{"version": 1.5, "createdAt": "2024-01-01T00:00:00.000Z"}'],
    ['no createdAt', '{"version": 1}'],
  ])(
    'quarantines a store.json with %s, runs every migration (an old store may have lost it) and writes a fresh one',
    async (_what, text) => {
      await mkdir(join(store, 'assertions'), { recursive: true });
      await writeFile(meta, text);
      await writeFile(join(store, 'assertions', 'S1.json'), JSON.stringify({ assertions: [] }));
      const state = await openStore(project);
      expect(state.quarantined).toHaveLength(1);
      const kept = state.quarantined[0]!;
      expect(kept).toMatch(/^store\.json\.corrupt-/);
      expect(await readFile(join(store, kept), 'utf8')).toBe(text);
      expect(await readMeta()).toEqual({ version: STORE_VERSION, createdAt: state.createdAt });
      // Migrated, but not reported as an update: a store whose store.json was never written is the usual case.
      expect(state).toMatchObject({ exists: true, version: STORE_VERSION });
      expect(state.migratedFrom).toBeUndefined();
      expect(JSON.parse(await readFile(join(store, 'assertions', 'S1.json'), 'utf8'))).toEqual({
        storyId: 'S1',
        assertions: [],
      });
    },
  );

  it('refuses a store from a newer Puffin with store_too_new and leaves store.json untouched', async () => {
    await mkdir(store);
    const text = JSON.stringify({ version: STORE_VERSION + 1, createdAt: '2030-01-01T00:00:00.000Z' });
    await writeFile(meta, text);
    const migration = vi.fn<Migration>();
    await expect(openStore(project, { [STORE_VERSION]: migration })).rejects.toMatchObject({
      code: 'store_too_new',
      message: expect.stringContaining(`newer Puffin (store version ${STORE_VERSION + 1})`),
    });
    expect(migration).not.toHaveBeenCalled();
    expect(await readFile(meta, 'utf8')).toBe(text);
    expect(await readdir(store)).toEqual(['store.json']);
  });

  it('refuses a newer store even when its meta has a shape this build does not know', async () => {
    // A future version may change store.json; it must still be refused, never quarantined and replaced.
    await mkdir(store);
    const text = JSON.stringify({ version: STORE_VERSION + 1, created: 1893456000000 });
    await writeFile(meta, text);
    await expect(openStore(project)).rejects.toMatchObject({ code: 'store_too_new' });
    expect(await readFile(meta, 'utf8')).toBe(text);
    expect(await readdir(store)).toEqual(['store.json']);
  });

  async function olderStore(files: Record<string, string> = {}): Promise<string> {
    await mkdir(store);
    for (const [name, text] of Object.entries(files)) await writeFile(join(store, name), text);
    const text = JSON.stringify({ version: STORE_VERSION - 1, createdAt: '2024-01-01T00:00:00.000Z' });
    await writeFile(meta, text);
    return text;
  }

  it('runs the migration of an older store over its parsed records, applies its changes, records the version', async () => {
    await olderStore({ 'a.json': '{"n": 1}', 'gone.json': '{"n": 2}', 'torn.json': '{"n"' });
    const migration = vi.fn<Migration>(() => ({
      write: { 'a.json': { n: 10 }, 'sub/b.json': { n: 3 } },
      remove: ['gone.json'],
    }));
    const state = await openStore(project, { [STORE_VERSION - 1]: migration });
    expect(migration).toHaveBeenCalledTimes(1);
    expect(migration).toHaveBeenCalledWith({ 'a.json': { n: 1 }, 'gone.json': { n: 2 } }, [
      'a.json',
      'gone.json',
      'store.json',
      'torn.json',
    ]);
    expect(state).toEqual({
      dir: store,
      exists: true,
      version: STORE_VERSION,
      migratedFrom: STORE_VERSION - 1,
      createdAt: '2024-01-01T00:00:00.000Z',
      quarantined: [],
    });
    expect(await readMeta()).toEqual({ version: STORE_VERSION, createdAt: '2024-01-01T00:00:00.000Z' });
    expect(await readFile(join(store, 'a.json'), 'utf8')).toBe('{\n  "n": 10\n}\n');
    expect(JSON.parse(await readFile(join(store, 'sub', 'b.json'), 'utf8'))).toEqual({ n: 3 });
    expect((await readdir(store)).sort()).toEqual(['.gitignore', 'a.json', 'store.json', 'sub', 'torn.json']);
  });

  it('fails clearly when no migration exists for an older store, and changes nothing', async () => {
    const before = await olderStore();
    await expect(openStore(project, {})).rejects.toThrow(
      `No migration from store version ${STORE_VERSION - 1}.`,
    );
    expect(await readFile(meta, 'utf8')).toBe(before);
  });

  it('does not record the new version when a migration fails, nor when it would write outside the store', async () => {
    const before = await olderStore();
    const failing = vi.fn<Migration>(() => {
      throw new Error('disk full');
    });
    await expect(openStore(project, { [STORE_VERSION - 1]: failing })).rejects.toThrow('disk full');
    expect(await readFile(meta, 'utf8')).toBe(before);
    for (const path of ['../x.json', 'store.json', '/abs.json', 'a/./b.json'])
      await expect(
        openStore(project, { [STORE_VERSION - 1]: () => ({ write: { [path]: {} }, remove: [] }) }),
      ).rejects.toThrow(/may not touch/);
    expect(await readFile(meta, 'utf8')).toBe(before);
    expect(await readdir(project)).toEqual([STORE_DIR]);
  });
});

describe('store.json at the first save', () => {
  it('a new store gets its store.json with the first record, not at the next open', async () => {
    const { store: repos } = await openProjectStore(store, new LogBus().logger('test'));
    expect(await readdir(project)).toEqual([]); // opening creates nothing
    await repos.stories.accept([{ title: 'First', description: '', acceptanceCriteria: [] }]);
    expect(await readMeta()).toEqual({ version: STORE_VERSION, createdAt: expect.any(String) });
    // A reopen neither migrates (it would, taking a store without store.json for version 1) nor rewrites it.
    const before = await readFile(meta, 'utf8');
    expect(await openStore(project)).toMatchObject({ exists: true, version: STORE_VERSION });
    expect((await openStore(project)).migratedFrom).toBeUndefined();
    expect(await readFile(meta, 'utf8')).toBe(before);
  });

  it('writes it once however many first writes race, and tries again after a failure', async () => {
    const first = metaAtFirstSave(store);
    await writeFile(store, 'a file where the folder goes');
    await expect(first()).rejects.toThrow();
    await rm(store);
    await Promise.all([first(), first(), first()]);
    expect((await readdir(store)).sort()).toEqual(['.gitignore', 'store.json']);
  });
});
