import type { StoreProblem } from '../../shared/project';
import type { Logger } from '../base/logger';
import { HistoryRepo } from './historyRepo';
import { ProjectSettingsRepo } from './projectSettingsRepo';
import type { StoreContext } from './recordFile';
import { StoriesRepo } from './storiesRepo';
import { FOLDERS } from './folders';
import { RecordFolder } from './recordFolder';
import type { StoreMeta } from '../../shared/schema-types';
import { metaAtFirstSave } from './storeMeta';

/** The repos of one opened project's store. */
export interface ProjectStore {
  dir: string;
  /** The store's folder, log and problem listener: every other repo of this store is opened with it. */
  ctx: StoreContext;
  stories: StoriesRepo;
  history: HistoryRepo;
  settings: ProjectSettingsRepo;
}

/**
 * Opens the repos of a store and loads them at once, so unreadable records are found (kept aside and logged)
 * when the project opens, not halfway through a user action (stories: when their index is rebuilt). History is
 * one person's and can be large: it is read (and its other interrupted runs ended) when first asked for, so a
 * command that never looks at it does not pay for it; a killed run's raw lines are found by name at once. Returns the repos with the problems found.
 */
export async function openProjectStore(
  storeDir: string,
  log: Logger,
  onProblem?: (problem: StoreProblem) => void,
  /** The first save created the store (its store.json). */
  onCreated?: (meta: StoreMeta) => void,
): Promise<{ store: ProjectStore; problems: StoreProblem[] }> {
  const problems: StoreProblem[] = [];
  const ctx: StoreContext = {
    dir: storeDir,
    log,
    onProblem: (p) => (onProblem ? onProblem(p) : problems.push(p)),
    beforeWrite: metaAtFirstSave(storeDir, onCreated),
  };
  const store: ProjectStore = {
    dir: storeDir,
    ctx,
    stories: new StoriesRepo(ctx),
    history: new HistoryRepo(ctx),
    settings: new ProjectSettingsRepo(ctx),
  };
  await Promise.all([
    // The backlog's index, rebuilt (every story read, unreadable ones found) only when it is missing or stale.
    store.stories.index.ready(),
    // A run killed after its CLI printed a (paid) result gets that result and its cost now.
    store.history.endRunsWithLines().then((ended) => {
      if (ended.length > 0)
        log.warn(
          `${ended.length} generation(s) were still running when Puffin stopped; ended with what their CLI had printed.`,
        );
    }),
    store.settings.load(),
    // Sprints and plans are read by the plans journey later; an unreadable one is found (and reported) now.
    new RecordFolder(ctx, FOLDERS.sprints).list(),
    new RecordFolder(ctx, FOLDERS.plans).list(),
  ]);
  return { store, problems };
}
