import type { StoreProblem } from '../../shared/project';
import type { Logger } from '../core/logger';
import { HistoryRepo } from './historyRepo';
import { ProjectSettingsRepo } from './projectSettingsRepo';
import type { StoreContext } from './recordFile';
import { StoriesRepo } from './storiesRepo';

/** The repos of one opened project's store. */
export interface ProjectStore {
  dir: string;
  stories: StoriesRepo;
  history: HistoryRepo;
  settings: ProjectSettingsRepo;
}

/**
 * Opens the repos of a store and loads them at once, so unreadable records are found (kept aside and logged)
 * when the project opens, not halfway through a user action. Returns them with the problems found.
 */
export async function openProjectStore(
  storeDir: string,
  log: Logger,
): Promise<{ store: ProjectStore; problems: StoreProblem[] }> {
  const ctx: StoreContext = { dir: storeDir, log };
  const store: ProjectStore = {
    dir: storeDir,
    stories: new StoriesRepo(ctx),
    history: new HistoryRepo(ctx),
    settings: new ProjectSettingsRepo(ctx),
  };
  await Promise.all([store.stories.list(), store.history.list(), store.settings.load()]);
  const interrupted = await store.history.markInterrupted();
  if (interrupted.length > 0)
    log.warn(`${interrupted.length} generation(s) were still running when Puffin stopped; marked failed.`);
  const problems = [
    ...store.stories.records.problems,
    ...store.history.records.problems,
    ...store.settings.problems,
  ];
  return { store, problems };
}
