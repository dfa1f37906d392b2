// A spec file imported again replaces a story's text the way a tracker sync does: the text it replaces is kept as
// a version of the story (restorable), an identical re-import keeps none, and two faces importing different edits
// of the same story at once lose neither edit nor the text before.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyImport } from '../../src/main/formats/applyImport';
import { WRITERS } from '../../src/main/formats/registry';
import { PlanStore } from '../../src/main/plans/planStore';
import { StoriesRepo } from '../../src/main/store/storiesRepo';
import type { StoryText } from '../../src/main/store/storyVersions';
import { runPuffin } from '../support/cli/inProcessCli';
import { scratchDir } from '../support/scratchDir';
import { seedProject } from './seedProject';
import { LOGIN_ID, sprintBundle } from './sprintBundle';

const env = () => ({ PATH: process.env.PATH ?? '', PUFFIN_USER_DATA: scratchDir('puffin-formats-user-') });

const OLD = 'The session MUST expire after 30 minutes of inactivity';
const NEW = 'The session MUST expire after 15 minutes of inactivity';

interface Versions {
  versions: { number: number; kind: string; by: string; title: string; acceptanceCriteria: string[] }[];
}
interface Imported {
  stories: { id: string; file: string; action: string; previous?: { version: number; title: string } }[];
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

describe('an OpenSpec file imported again', () => {
  it('keeps the text it replaced as a version that restores; an identical re-import keeps none', async () => {
    const { dir, sprintId } = await seedProject();
    const puffin = (argv: string[]) => runPuffin(argv, { env: env(), cwd: dir });
    const exported = await puffin(['export', '--format', 'openspec', '--project', '.', '--sprint', sprintId]);
    expect(exported.code, JSON.stringify(exported.out)).toBe(0);
    const files = (exported.out.data as { files: { path: string }[] }).files.map((f) =>
      path.join(dir, f.path),
    );
    // The criterion edited in the other tool, wherever the export wrote it (the story's spec, the tasks).
    const texts = await Promise.all(files.map((f) => readFile(f, 'utf8')));
    expect(texts.some((t) => t.includes(OLD))).toBe(true);
    await Promise.all(files.map((f, i) => writeFile(f, texts[i]!.replaceAll('30 minutes', '15 minutes'))));

    const versions = async () =>
      (await puffin(['stories', 'versions', '--project', '.', '--story', LOGIN_ID])).out.data as Versions;
    const importAgain = async () => {
      const r = await puffin(['import', '--format', 'openspec', '--project', '.', 'openspec']);
      expect(r.code, JSON.stringify(r.out)).toBe(0);
      return (r.out.data as Imported).stories.find((s) => s.id === LOGIN_ID)!;
    };
    const storyFile = path.join(dir, '.puffin', 'stories', `${LOGIN_ID}.json`);

    const updated = await importAgain();
    expect(updated).toMatchObject({
      action: 'updated',
      previous: { version: 1, title: 'Sign in with email' },
    });
    expect((await readJson<StoryText>(storyFile)).acceptanceCriteria[2]).toBe(NEW);
    const kept = (await versions()).versions;
    expect(kept).toEqual([
      expect.objectContaining({ number: 1, kind: 'imported', by: `OpenSpec ${updated.file}` }),
    ]);
    expect(kept[0]!.acceptanceCriteria[2]).toBe(OLD);

    const same = await importAgain();
    expect(same.action).toBe('unchanged');
    expect(same.previous).toBeUndefined();
    expect((await versions()).versions).toHaveLength(1);

    const restored = await puffin([
      'stories',
      'restore-version',
      '--project',
      '.',
      '--story',
      LOGIN_ID,
      '--version',
      '1',
    ]);
    expect(restored.code, JSON.stringify(restored.out)).toBe(0);
    expect((await readJson<StoryText>(storyFile)).acceptanceCriteria[2]).toBe(OLD);
    expect((await versions()).versions.map((v) => [v.number, v.kind, v.acceptanceCriteria[2]])).toEqual([
      [1, 'imported', OLD],
      [2, 'restored', NEW],
    ]);
  });
});

describe('two faces importing at once', () => {
  it('lose nothing: one edit replaces the story (its text before kept), the other is kept as a conflict', async () => {
    const { store } = await seedProject();
    const written = WRITERS.openspec.write(sprintBundle(), new Map());
    const edited = (minutes: string) =>
      WRITERS.openspec.read(
        new Map(
          [...written]
            .filter((e): e is [string, string] => e[1] !== null)
            .map(([f, t]) => [f, t.replaceAll('30 minutes', `${minutes} minutes`)]),
        ),
      );
    // Each face opens the store on its own, as the app and the command line do.
    const face = () => ({
      stories: new StoriesRepo(store),
      plans: new PlanStore(store),
      store: { dir: store },
      now: () => new Date(),
    });
    const [a, b] = await Promise.all([
      applyImport('openspec', edited('15'), face()),
      applyImport('openspec', edited('45'), face()),
    ]);
    const actions = [a, b].map((r) => r.stories.find((s) => s.id === LOGIN_ID)!.action).sort();
    expect(actions).toEqual(['conflict', 'updated']);

    const criterion = (t: { acceptanceCriteria: string[] }) => t.acceptanceCriteria[2];
    const story = await readJson<StoryText>(path.join(store, 'stories', `${LOGIN_ID}.json`));
    const versions = await readJson<Versions>(path.join(store, 'story-versions', `${LOGIN_ID}.json`));
    const imports = await readJson<{ revisions: StoryText[] }>(
      path.join(store, 'story-imports', `${LOGIN_ID}.json`),
    );
    expect(versions.versions.map(criterion)).toEqual([OLD]);
    expect(imports.revisions).toHaveLength(1);
    expect([criterion(story), criterion(imports.revisions[0]!)].sort()).toEqual([
      'The session MUST expire after 15 minutes of inactivity',
      'The session MUST expire after 45 minutes of inactivity',
    ]);
  });
});
