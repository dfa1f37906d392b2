import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as atomicFile from '../core/atomicFile';
import { migrations, openStore, STORE_DIR, STORE_VERSION, type Migration } from './storeMeta';

// Every store version this build can meet on disk is >= 1 == STORE_VERSION, so no real file can be
// "older" yet. To exercise the migration loop, a test makes the meta read return an older version once.
vi.mock('../core/atomicFile', async (importOriginal) => {
  const real = await importOriginal<typeof atomicFile>();
  return { ...real, readJsonOrQuarantine: vi.fn(real.readJsonOrQuarantine) };
});

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
  it('ships no migrations while the store is at version 1', () => {
    expect(STORE_VERSION).toBe(1);
    expect(migrations).toEqual({});
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
    expect(await readdir(store)).toEqual(['store.json']);
  });

  it('writes a store.json into an existing .puffin folder that lacks one, without calling it new', async () => {
    await mkdir(store);
    await writeFile(join(store, 'other.json'), '{}');
    const state = await openStore(project);
    expect(state.exists).toBe(true);
    expect(state.quarantined).toEqual([]);
    expect((await readdir(store)).sort()).toEqual(['other.json', 'store.json']);
  });

  it.each([
    ['unparsable JSON', '{"version": 1,'],
    ['an array', '[1]'],
    ['no version', '{"createdAt": "2024-01-01T00:00:00.000Z"}'],
    ['version 0', '{"version": 0, "createdAt": "2024-01-01T00:00:00.000Z"}'],
    ['a fractional version', '{"version": 1.5, "createdAt": "2024-01-01T00:00:00.000Z"}'],
    ['no createdAt', '{"version": 1}'],
  ])('quarantines a store.json with %s and writes a fresh one', async (_what, text) => {
    await mkdir(store);
    await writeFile(meta, text);
    const state = await openStore(project);
    expect(state.quarantined).toHaveLength(1);
    const kept = state.quarantined[0]!;
    expect(kept).toMatch(/^store\.json\.corrupt-/);
    expect(await readFile(join(store, kept), 'utf8')).toBe(text);
    expect(await readMeta()).toEqual({ version: STORE_VERSION, createdAt: state.createdAt });
    expect(state.exists).toBe(true);
  });

  it('refuses a store from a newer Puffin with store_too_new and leaves store.json untouched', async () => {
    await mkdir(store);
    const text = JSON.stringify({ version: STORE_VERSION + 1, createdAt: '2030-01-01T00:00:00.000Z' });
    await writeFile(meta, text);
    const migration = vi.fn<Migration>();
    await expect(openStore(project, { [STORE_VERSION]: migration })).rejects.toMatchObject({
      code: 'store_too_new',
      message: expect.stringMatching(/newer Puffin \(store version 2\)/),
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

  it('runs the migration hook for an older store, then records the new version', async () => {
    await mkdir(store);
    await openStore(project);
    const createdAt = ((await readMeta()) as { createdAt: string }).createdAt;
    vi.mocked(atomicFile.readJsonOrQuarantine).mockResolvedValueOnce({
      kind: 'ok',
      value: { version: STORE_VERSION - 1, createdAt },
    });
    const migration = vi.fn<Migration>(async (dir) => {
      await writeFile(join(dir, 'migrated.txt'), 'done');
    });
    const state = await openStore(project, { [STORE_VERSION - 1]: migration });
    expect(migration).toHaveBeenCalledTimes(1);
    expect(migration).toHaveBeenCalledWith(store);
    expect(state).toEqual({
      dir: store,
      exists: true,
      version: STORE_VERSION,
      createdAt,
      quarantined: [],
    });
    expect(await readMeta()).toEqual({ version: STORE_VERSION, createdAt });
    expect(await readFile(join(store, 'migrated.txt'), 'utf8')).toBe('done');
  });

  it('fails clearly when no migration exists for an older store, and changes nothing', async () => {
    await mkdir(store);
    await openStore(project);
    const before = await readFile(meta, 'utf8');
    vi.mocked(atomicFile.readJsonOrQuarantine).mockResolvedValueOnce({
      kind: 'ok',
      value: { version: STORE_VERSION - 1, createdAt: '2024-01-01T00:00:00.000Z' },
    });
    await expect(openStore(project, {})).rejects.toThrow(/No migration from store version 0/);
    expect(await readFile(meta, 'utf8')).toBe(before);
  });

  it('does not record the new version when a migration fails', async () => {
    await mkdir(store);
    await openStore(project);
    const before = await readFile(meta, 'utf8');
    vi.mocked(atomicFile.readJsonOrQuarantine).mockResolvedValueOnce({
      kind: 'ok',
      value: { version: STORE_VERSION - 1, createdAt: '2024-01-01T00:00:00.000Z' },
    });
    const failing = vi.fn<Migration>(async () => {
      throw new Error('disk full');
    });
    await expect(openStore(project, { [STORE_VERSION - 1]: failing })).rejects.toThrow('disk full');
    expect(await readFile(meta, 'utf8')).toBe(before);
  });
});
