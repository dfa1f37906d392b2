// The project watch re-evaluating one changed file's assertions, first driven directly, then through the real
// file watcher (each test waits for the update event itself, never for a fixed time).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import { StoriesRepo } from '../store/storiesRepo';
import { projectVerifySource } from './projectSource';
import {
  startProjectWatch,
  type ProjectWatch,
  type ProjectWatchOptions,
  type WatchUpdate,
} from './projectWatch';
import { watchTree } from './treeWatcher';
import { verifyProject } from './verifyProject';

let repo: GitFixture;
let ids: string[];
let watch: ProjectWatch | null = null;

async function storeAssertions(storyId: string, assertions: unknown[]): Promise<void> {
  const dir = path.join(repo.dir, '.puffin', 'assertions');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${storyId}.json`), JSON.stringify({ storyId, assertions }));
}

const fileHas = (id: string, target: string, content: string) => ({
  id,
  type: 'FILE_CONTAINS',
  target,
  message: `${target} has ${content}`,
  assertion: { content },
});

beforeEach(async () => {
  repo = await createGitFixture('puffin-watch-');
  const stories = await new StoriesRepo(path.join(repo.dir, '.puffin')).accept([
    { title: 'A', description: '', acceptanceCriteria: [] },
    { title: 'B', description: '', acceptanceCriteria: [] },
  ]);
  ids = stories.map((s) => s.id);
  await storeAssertions(ids[0]!, [
    fileHas('a1', 'src/a.ts', 'alpha'),
    fileHas('a2', 'src/other.ts', 'other'),
  ]);
  await storeAssertions(ids[1]!, [fileHas('b1', 'src/b.ts', 'beta')]);
  await repo.write({ 'src/a.ts': 'alpha', 'src/other.ts': 'other', 'src/b.ts': 'beta' });
  await repo.commit('all pass');
  await verifyProject(repo.dir, projectVerifySource(repo.dir));
});
afterEach(async () => {
  watch?.close();
  watch = null;
  await repo.cleanup();
});

/** Updates in arrival order; `next()` resolves with the next one (already arrived or still to come). */
class UpdateQueue {
  private readonly arrived: WatchUpdate[] = [];
  private readonly waiting: ((u: WatchUpdate) => void)[] = [];
  push = (u: WatchUpdate): void => {
    const w = this.waiting.shift();
    if (w) w(u);
    else this.arrived.push(u);
  };
  next(): Promise<WatchUpdate> {
    const u = this.arrived.shift();
    return u ? Promise.resolve(u) : new Promise((resolve) => this.waiting.push(resolve));
  }
}

/** The watch over the fixture project; an error fails the test. */
function start(
  onUpdate: (u: WatchUpdate) => void,
  over: Partial<ProjectWatchOptions>,
): Promise<ProjectWatch> {
  return startProjectWatch({
    projectDir: repo.dir,
    source: projectVerifySource(repo.dir),
    onUpdate,
    onError: (e) => {
      throw e;
    },
    ...over,
  });
}

describe('startProjectWatch', () => {
  it('re-evaluates only the assertions on the changed file and reports a regression against the history', async () => {
    const updates: WatchUpdate[] = [];
    watch = await start((u) => updates.push(u), { watchFiles: false });
    await repo.write({ 'src/a.ts': 'gone' });
    watch.changed(['src/a.ts', 'README.md']);
    await watch.flush();
    expect(updates).toHaveLength(1);
    expect(updates[0]!.evaluated).toBe(1);
    expect(updates[0]!.stories.map((s) => [s.id, s.status])).toEqual([[ids[0], 'regressed']]);
    expect(updates[0]!.stories[0]!.regressions.map((r) => r.assertionId)).toEqual(['a1']);

    watch.changed(['docs/unrelated.md']);
    await watch.flush();
    expect(updates).toHaveLength(1);
  });

  it('reloads a story whose assertions file changed and evaluates its new assertions', async () => {
    const updates: WatchUpdate[] = [];
    watch = await start((u) => updates.push(u), { watchFiles: false });
    await storeAssertions(ids[1]!, [fileHas('b1', 'src/b.ts', 'beta'), fileHas('b2', 'src/b.ts', 'gamma')]);
    watch.changed([`.puffin/assertions/${ids[1]}.json`, `.puffin/assertions/results/${ids[1]}.json`]);
    await watch.flush();
    expect(updates[0]!.stories.map((s) => [s.id, s.status, s.summary.total])).toEqual([
      [ids[1], 'failing', 2],
    ]);
  });

  it('evaluates the first set of a story that had none when the watch started', async () => {
    const [c] = await new StoriesRepo(path.join(repo.dir, '.puffin')).accept([
      { title: 'C', description: '', acceptanceCriteria: [] },
    ]);
    const updates: WatchUpdate[] = [];
    watch = await start((u) => updates.push(u), { watchFiles: false });
    await storeAssertions(c!.id, [fileHas('c1', 'src/b.ts', 'beta')]);
    watch.changed([`.puffin/assertions/${c!.id}.json`]);
    await watch.flush();
    expect(updates[0]!.stories.map((s) => [s.id, s.title, s.status])).toEqual([[c!.id, 'C', 'verified']]);
  });

  it('sees a saved file through the real file watcher', async () => {
    const seen = new UpdateQueue();
    watch = await start(seen.push, { quietMs: 20 });
    const update = seen.next();
    await writeFile(path.join(repo.dir, 'src', 'b.ts'), 'no longer');
    const u = await update;
    expect(u.changed).toContain('src/b.ts');
    expect(u.stories.map((s) => [s.id, s.status])).toEqual([[ids[1], 'regressed']]);
  });
});

describe('watchTree (per folder)', () => {
  it('skips ignored folders and follows folders as they appear', async () => {
    await repo.write({ 'node_modules/x/index.js': '', 'src/deep/a.ts': '' });
    const paths: string[] = [];
    let notify: () => void = () => {};
    const tree = await watchTree(repo.dir, {
      skip: ['.git', 'node_modules', '.puffin/local'],
      perFolder: true,
      onPaths: (r) => {
        paths.push(...r);
        if (r.includes('lib/new/file.ts')) notify();
      },
      onError: (e) => {
        throw e;
      },
    });
    try {
      expect(tree.folders()).toEqual([
        '',
        '.puffin',
        '.puffin/assertions',
        '.puffin/assertions/results',
        '.puffin/stories',
        'src',
        'src/deep',
      ]);
      const arrived = new Promise<void>((r) => (notify = r));
      await mkdir(path.join(repo.dir, 'lib', 'new'), { recursive: true });
      // The new folder is watched once its creation event is seen; write into it until the watcher reports it.
      for (let i = 0; !paths.includes('lib/new/file.ts'); i++) {
        await writeFile(path.join(repo.dir, 'lib', 'new', 'file.ts'), String(i));
        await Promise.race([arrived, new Promise((r) => setImmediate(r))]);
      }
      expect(tree.folders()).toContain('lib/new');
      expect(paths.some((p) => p.startsWith('node_modules'))).toBe(false);
    } finally {
      tree.close();
    }
  });
});
