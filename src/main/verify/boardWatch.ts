// Keeps the board live while the app shows it: the first board:get of a project starts the project watch, each of
// its updates rebuilds the board from the facts that request loaded plus the watch's fresh results (in memory, no
// store reads) and sends the stories whose card changed. Another project, or closing, stops it.
import type { BoardData, BoardStory } from '../../shared/board';
import { ServiceError } from '../base/errors';
import type { Logger } from '../base/logger';
import type { ProjectStore } from '../store/projectStore';
import { loadBoardFacts } from './boardLoader';
import { buildBoard, type BoardFacts, type TimedResult } from './boardModel';
import { projectVerifySource } from './projectSource';
import type { ProjectWatch, WatchUpdate } from './projectWatch';

export interface BoardWatchDeps {
  /** The opened project, or null. */
  project: () => { path: string; store: ProjectStore } | null;
  /** Sends the stories whose card changed (the `board:changed` event). */
  emit: (stories: BoardStory[]) => void;
  log: Logger;
  /** Tests drive changes themselves. */
  watchFiles?: boolean;
}

export interface BoardWatch {
  /** The board of the opened project; starts watching it. */
  get(): Promise<BoardData>;
  /** Stops watching (project closed or changed, app shutting down). */
  close(): void;
  /** The running watch once it has started (it starts asynchronously, after `get`), for tests. */
  current(): Promise<ProjectWatch | null>;
}

export function createBoardWatch(deps: BoardWatchDeps): BoardWatch {
  let watching: { dir: string; watch: Promise<ProjectWatch> } | null = null;
  let facts: BoardFacts | null = null;
  // The watch's results by story and assertion (one each: bounded by the stored assertions), kept across reloads.
  const live = new Map<string, Map<string, TimedResult>>();

  const onUpdate = (u: WatchUpdate) => {
    if (!facts) return;
    for (const { storyId, run } of u.runs) {
      const results = live.get(storyId) ?? new Map<string, TimedResult>();
      for (const r of run.results) results.set(r.assertionId, { result: r, at: run.startedAt });
      live.set(storyId, results);
    }
    const changed = new Set(u.stories.map((s) => s.id));
    deps.emit(buildBoard({ ...facts, live }).stories.filter((s) => changed.has(s.id)));
  };

  const close = () => {
    void watching?.watch.then((w) => w.close()).catch(() => undefined);
    watching = null;
    facts = null;
    live.clear();
  };

  return {
    async get() {
      const p = deps.project();
      if (!p) {
        close();
        throw new ServiceError('no_project', 'Open a project first.');
      }
      if (watching?.dir !== p.path) close();
      // The live results stay: the board compares their times with the recorded runs' (the newest result wins).
      facts = await loadBoardFacts(p.path, p.store, live);
      if (!watching) {
        const dir = p.path;
        // The watch's evaluators (TypeScript, postcss, css-tree) load when a board is first watched.
        const watch = import('./projectWatch').then(({ startProjectWatch }) =>
          startProjectWatch({
            projectDir: dir,
            source: projectVerifySource(dir),
            onUpdate,
            onError: (err) => deps.log.warn(`Board watch of ${dir}: ${String(err)}`),
            ...(deps.watchFiles === false ? { watchFiles: false } : {}),
          }),
        );
        watching = { dir, watch };
        watch
          .then((w) => {
            if (watching?.watch !== watch) w.close(); // the project changed while it started
          })
          .catch((err: unknown) => {
            deps.log.warn(`Could not watch ${dir} for the board: ${String(err)}`);
          });
      }
      return buildBoard(facts);
    },
    close,
    current: async () => (watching ? await watching.watch : null),
  };
}
