// A `.puffin/` folder written by version 1 or 2 of the app (test/fixtures/store-v1, -v2, made by
// test/support/makeStoreFixture.ts) opens through this build's store: it is migrated, and every record of every
// folder reads back with the content it had, raw CLI lines included, with no file kept aside. The one addition:
// since version 3 a call's meta names its engine, and every call before was the Claude Code CLI's; since version 4
// what is one person's (history, the open review) sits under local/, and the store has a .gitignore.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readHistory } from '../assertions/resultStore';
import { readStoredSet } from '../assertions/storySets';
import { LogBus } from '../base/logger';
import { PlanStore } from '../plans/planStore';
import { FOLDERS } from './folders';
import { openProjectStore } from './projectStore';
import { openStore, STORE_DIR, STORE_VERSION } from './storeMeta';

const fixtureOf = (version: number) =>
  fileURLToPath(new URL(`../../../test/fixtures/store-v${version}/`, import.meta.url));

/** A meta written before version 3, as version 3 reads it (written out here: the migration is what is tested). */
function metaV3(meta: Record<string, unknown>): Record<string, unknown> {
  return { ...meta, provider: 'claude-cli', engineVersion: meta.cliVersion };
}

/** A record of the fixture as version 3 reads it: every call meta in it (its own, its revisions') named. */
function asV3(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  return {
    ...v,
    ...(v.meta ? { meta: metaV3(v.meta as Record<string, unknown>) } : {}),
    ...(Array.isArray(v.revisions) ? { revisions: v.revisions.map(asV3) } : {}),
  };
}

/** Where version 4 keeps a file of the old layout (the folders that are one person's moved under local/). */
const moved = (rel: string) => (/^(history|open-review)\//.test(rel) ? `local/${rel}` : rel);

describe.each([1, 2])('a version %i store', (fixtureVersion) => {
  const FIXTURE = fixtureOf(fixtureVersion);
  let project: string;
  let store: string;
  beforeEach(async () => {
    project = await mkdtemp(join(tmpdir(), 'puffin-fixture-'));
    store = join(project, STORE_DIR);
    await cp(FIXTURE, store, { recursive: true });
  });
  afterEach(async () => {
    await rm(project, { recursive: true, force: true });
  });

  /** Every file under a folder, `/`-separated, relative to it. */
  async function files(dir: string): Promise<string[]> {
    return (
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
        // One person's caches (the backlog's index) and the ignore file beside them, not records.
        .filter((rel) => !rel.startsWith('local/cache/') && rel !== 'local/.gitignore')
        .sort()
    );
  }

  const json = async (dir: string, rel: string): Promise<unknown> =>
    JSON.parse(await readFile(join(dir, rel), 'utf8'));

  /** The fixture's records of one folder (direct children `<key>.json`), by key. */
  async function fixtureRecords(path: string): Promise<Map<string, unknown>> {
    const names = (await readdir(join(FIXTURE, path)).catch(() => [] as string[])).filter((n) =>
      n.endsWith('.json'),
    );
    const out = new Map<string, unknown>();
    for (const n of names) out.set(n.slice(0, -'.json'.length), await json(FIXTURE, `${path}/${n}`));
    return out;
  }

  it('is migrated to the current version and loses nothing', async () => {
    expect(await json(FIXTURE, 'store.json')).toMatchObject({ version: fixtureVersion });
    const bus = new LogBus();
    const state = await openStore(project);
    expect(state).toMatchObject({ version: STORE_VERSION, migratedFrom: fixtureVersion, quarantined: [] });
    expect(await json(store, 'store.json')).toEqual({
      version: STORE_VERSION,
      createdAt: ((await json(FIXTURE, 'store.json')) as { createdAt: string }).createdAt,
    });

    const { store: repos, problems } = await openProjectStore(store, bus.logger('project'));
    const plans = new PlanStore(store, bus.logger('plans'));
    expect(problems).toEqual([]);

    // Every folder, through the store, record for record.
    const same = async (path: string, read: (key: string) => Promise<unknown>) => {
      const expected = await fixtureRecords(path);
      expect(expected.size, `${path} is in the fixture`).toBeGreaterThan(0);
      for (const [key, value] of expected)
        expect(await read(key), `${path}/${key}.json`).toEqual(asV3(value));
    };
    await same(FOLDERS.stories.path, (k) => repos.stories.records.get(k));
    await same('history', (k) => repos.history.get(k));
    await same(FOLDERS.sprints.path, (k) => plans.sprints.get(k));
    await same(FOLDERS.questions.path, (k) => plans.questions.get(k));
    await same(FOLDERS.plans.path, (k) => plans.plans.get(k));
    await same(FOLDERS.specs.path, (k) => plans.specs.get(k));
    const sprintsWithRis = await readdir(join(FIXTURE, FOLDERS.ris.path));
    expect(sprintsWithRis.length).toBeGreaterThan(0);
    for (const sprintId of sprintsWithRis)
      await same(`${FOLDERS.ris.path}/${sprintId}`, (k) => plans.ris(sprintId).get(k));
    await same(FOLDERS.assertions.path, async (k) => (await readStoredSet(project, k)).set);
    await same(FOLDERS.results.path, async (k) => {
      const read = await readHistory(project, k);
      return read.kind === 'ok' ? read.history : read;
    });
    expect(repos.settings.get()).toEqual(await json(FIXTURE, 'project.json'));
    expect((await repos.stories.list()).length).toBe((await fixtureRecords('stories')).size);
    expect((await plans.listSprints()).length).toBe((await fixtureRecords('sprints')).size);

    // Raw CLI lines are still there, and read back line for line.
    const raw = (await files(FIXTURE)).filter((f) => f.endsWith('.raw.jsonl'));
    expect(raw.length).toBeGreaterThan(0);
    for (const rel of raw) {
      const text = await readFile(join(FIXTURE, rel), 'utf8');
      expect(await readFile(join(store, moved(rel)), 'utf8')).toBe(text);
      const id = rel.slice('history/'.length, -'.raw.jsonl'.length);
      expect(await repos.history.rawLines(id)).toEqual(text.split('\n').filter((l) => l !== ''));
    }

    // No file kept aside, none lost; every record file without a call meta unchanged on disk.
    expect(await files(store)).toEqual(['.gitignore', ...(await files(FIXTURE)).map(moved)].sort());
    for (const rel of (await files(FIXTURE)).filter((f) => f !== 'store.json')) {
      const before = await readFile(join(FIXTURE, rel), 'utf8');
      const after = await readFile(join(store, moved(rel)), 'utf8');
      if (/"meta"\s*:/.test(before)) expect(JSON.parse(after), rel).toEqual(asV3(JSON.parse(before)));
      else expect(after, rel).toBe(before);
    }
    expect(bus.recent().filter((l) => l.level === 'error')).toEqual([]);
  });

  // Only version 1 let files leave fields out.
  if (fixtureVersion === 1)
    it('fills in what version 1 let a file leave out, so the current schemas accept it', async () => {
      const [setName] = (await readdir(join(store, 'assertions'))).filter((n) => n.endsWith('.json'));
      const key = setName!.slice(0, -'.json'.length);
      const { storyId: _, ...keyless } = (await json(store, `assertions/${setName}`)) as { storyId: string };
      await writeFile(join(store, 'assertions', setName!), JSON.stringify(keyless));
      await writeFile(join(store, 'project.json'), JSON.stringify({ description: 'Only this.' }));
      await openStore(project);
      const { store: repos, problems } = await openProjectStore(store, new LogBus().logger('p'));
      expect(problems).toEqual([]);
      expect(repos.settings.get()).toEqual({ description: 'Only this.', conventions: '' });
      expect((await readStoredSet(project, key)).set).toEqual({ storyId: key, ...keyless });
    });

  it('opens again without migrating twice', async () => {
    await openStore(project);
    const again = await openStore(project);
    expect(again.version).toBe(STORE_VERSION);
    expect(again.migratedFrom).toBeUndefined();
  });
});
