import type { StoreProblem } from '../../shared/project';
import type { Logger } from '../core/logger';
import { HistoryRepo } from './historyRepo';
import { ProjectSettingsRepo } from './projectSettingsRepo';
import type { RecordProblem } from './recordStore';
import { StoriesRepo } from './storiesRepo';

/** The repos of one opened project's `.puffin/` store. */
export interface ProjectStore {
  dir: string;
  stories: StoriesRepo;
  history: HistoryRepo;
  settings: ProjectSettingsRepo;
}

/**
 * Opens the repos of a store and loads them at once, so unreadable records are found (and kept aside)
 * when the project opens, not halfway through a user action. Returns them with the problems found.
 */
export async function openProjectStore(
  storeDir: string,
  log: Logger,
): Promise<{ store: ProjectStore; problems: StoreProblem[] }> {
  const store: ProjectStore = {
    dir: storeDir,
    stories: new StoriesRepo(storeDir),
    history: new HistoryRepo(storeDir),
    settings: new ProjectSettingsRepo(storeDir),
  };
  await Promise.all([store.stories.list(), store.history.list(), store.settings.load()]);
  const interrupted = await store.history.markInterrupted();
  if (interrupted.length > 0)
    log.warn(`${interrupted.length} generation(s) were still running when Puffin stopped; marked failed.`);
  const rel = (p: RecordProblem, sub: string): StoreProblem => ({
    file: sub ? `${sub}/${p.file}` : p.file,
    keptAs: p.keptAs.slice(storeDir.length + 1),
    reason: p.reason,
  });
  const problems = [
    ...store.stories.records.problems.map((p) => rel(p, 'stories')),
    ...store.history.records.problems.map((p) => rel(p, 'history')),
    ...store.settings.problems.map((p) => rel(p, '')),
  ];
  for (const p of problems)
    log.error(`.puffin/${p.file} could not be read (${p.reason}); it was kept aside as .puffin/${p.keptAs}.`);
  return { store, problems };
}
