// The project watch behind the live board: when files change, re-evaluate only the assertions whose targets they
// are (or match), over one long-lived evaluation cache that forgets just the changed files, so the cost follows the
// number of files changed, not the size of the project. Watch runs are not recorded (a save is not a milestone;
// `puffin verify` and the assertions panel record runs); verdicts still compare with the recorded history.
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AssertionResult, AssertionRun } from '../../shared/assertions';
import { STORE_DIR } from '../../shared/project';
import type { StoryVerification } from '../../shared/verify';
import { EvaluationContext } from '../assertions/context';
import { evaluateAssertions, type RawAssertion } from '../assertions/evaluate';
import { TargetIndex, type ChangedPath } from './affectedAssertions';
import { PathBatcher, type Timers } from './pathBatcher';
import { verifyStory } from './storyStatus';
import { watchTree, type TreeWatcher } from './treeWatcher';
import type { VerifySource } from './verifyProject';

export interface WatchUpdate {
  changed: string[];
  /** The stories re-evaluated, each with its verdict over every assertion's latest result. */
  stories: StoryVerification[];
  /** This batch's evaluations per story: only these results are new (with the time their run started). */
  runs: { storyId: string; run: AssertionRun }[];
  /** Assertions evaluated for this batch. */
  evaluated: number;
  durationMs: number;
}

export interface ProjectWatchOptions {
  projectDir: string;
  source: VerifySource;
  onUpdate: (update: WatchUpdate) => void;
  onError: (err: unknown) => void;
  quietMs?: number;
  maxWaitMs?: number;
  timers?: Timers;
  /** Watch the file system (default); false when the caller reports changes through `changed()`. */
  watchFiles?: boolean;
}

export interface ProjectWatch {
  /** Reports changed paths (relative to the project), as the file watcher does. */
  changed(rels: readonly string[]): void;
  /** Handles what is pending now; resolves when its update was delivered. */
  flush(): Promise<void>;
  close(): void;
}

// `.puffin/local` is one person's: History being written, caches, whole worktrees of the project.
const SKIP = ['.git', 'node_modules', `${STORE_DIR}/local`];
/** `<store>/assertions/<storyId>.json`, relative to the project (the store folder's name has a dot: escaped). */
const ASSERTIONS_FILE = new RegExp(`^${STORE_DIR.replace('.', '\\.')}/assertions/([^/]+)\\.json$`);

interface StoryState {
  title: string | null;
  assertions: RawAssertion[];
  history: AssertionRun[];
  latest: Map<string, AssertionResult>;
}

async function kindOf(projectDir: string, rel: string): Promise<ChangedPath['kind']> {
  const s = await lstat(path.join(projectDir, rel)).catch(() => null);
  return !s ? 'gone' : s.isDirectory() ? 'folder' : 'file';
}

export async function startProjectWatch(options: ProjectWatchOptions): Promise<ProjectWatch> {
  const { projectDir, source } = options;
  const stories = new Map<string, StoryState>();
  const load = async (id: string, title: string): Promise<void> => {
    const [assertions, history] = await Promise.all([
      source.assertions(id).catch(() => []),
      source.history(id),
    ]);
    const latest = new Map<string, AssertionResult>();
    for (const run of history) for (const r of run.results) latest.set(r.assertionId, r);
    stories.set(id, { title, assertions, history, latest });
  };
  // A story the source knows has no set is read only when its assertions file appears (handle, below).
  // Its title too: none was read for it (null until its set appears).
  const unspecified = (id: string): void => {
    stories.set(id, { title: null, assertions: [], history: [], latest: new Map() });
  };
  await Promise.all(
    (await source.stories(null)).map((s) => (s.unspecified ? unspecified(s.id) : load(s.id, s.title))),
  );
  const buildIndex = () => new TargetIndex(new Map([...stories].map(([id, s]) => [id, s.assertions])));
  let index = buildIndex();
  const ctx = await EvaluationContext.create(projectDir);

  const handle = async (rels: string[]): Promise<void> => {
    const start = performance.now();
    const reloaded = new Set<string>();
    const files: string[] = [];
    for (const rel of rels) {
      const storyId = ASSERTIONS_FILE.exec(rel)?.[1];
      if (storyId) {
        await load(storyId, stories.get(storyId)?.title ?? (await source.title?.(storyId)) ?? '');
        reloaded.add(storyId);
      } else if (!rel.startsWith(`${STORE_DIR}/`) && rel !== STORE_DIR) files.push(rel);
    }
    if (reloaded.size > 0) index = buildIndex();
    await ctx.forget(files);
    const changed = await Promise.all(
      files.map(async (rel) => ({ rel, kind: await kindOf(projectDir, rel) })),
    );
    const affected = index.affected(changed);
    for (const id of reloaded) affected.set(id, new Set(stories.get(id)!.assertions.map((a) => a.id)));

    const updated: StoryVerification[] = [];
    const runs: WatchUpdate['runs'] = [];
    let evaluated = 0;
    for (const [id, ids] of affected) {
      const story = stories.get(id);
      if (!story) continue;
      // Assertions never evaluated yet are evaluated with the first change that touches the story.
      const chosen = story.assertions.filter((a) => ids.has(a.id) || !story.latest.has(a.id));
      const run = await evaluateAssertions(projectDir, chosen, { context: ctx });
      evaluated += chosen.length;
      runs.push({ storyId: id, run });
      for (const r of run.results) story.latest.set(r.assertionId, r);
      updated.push(
        verifyStory({
          id,
          title: story.title ?? '',
          assertions: story.assertions.map((a) => ({ id: a.id, message: a.message ?? '' })),
          results: story.assertions.map((a) => story.latest.get(a.id)!),
          earlierRuns: story.history,
        }),
      );
    }
    if (updated.length === 0) return;
    options.onUpdate({
      changed: rels,
      stories: updated,
      runs,
      evaluated,
      durationMs: performance.now() - start,
    });
  };

  const batcher = new PathBatcher({
    quietMs: options.quietMs ?? 150,
    maxWaitMs: options.maxWaitMs ?? 1000,
    flush: handle,
    onError: options.onError,
    ...(options.timers ? { timers: options.timers } : {}),
  });
  let tree: TreeWatcher | null = null;
  if (options.watchFiles !== false)
    tree = await watchTree(projectDir, {
      skip: SKIP,
      onPaths: (r) => batcher.add(r),
      onError: options.onError,
    });

  return {
    changed: (rels) => batcher.add(rels.map((r) => r.split(path.sep).join('/'))),
    flush: () => batcher.flush(),
    close() {
      tree?.close();
      batcher.stop();
    },
  };
}
