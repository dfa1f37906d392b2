/** IPC handlers of the stories journey: generations, history, backlog, project settings. */
import type { EventChannel, EventPayloads } from '../../shared/ipc/contract';
import type { Story } from '../../shared/stories';
import type { Handlers } from '../app/dispatcher';
import type { ProjectService } from '../app/projectService';
import { StoriesLeftChanged } from '../store/storyBatch';
import { StoryVersionLog } from '../store/storyVersions';
import { importContext } from '../projectContext/importContext';
import { readContextSources } from '../projectContext/readSources';
import type { GenerationService } from './generationService';

export type JourneyChannel =
  | 'generation:derive'
  | 'generation:modify'
  | 'generation:cancel'
  | 'generation:regenerateStory'
  | 'storyRevisions:get'
  | 'storyRevisions:restore'
  | 'history:list'
  | 'history:rawLines'
  | 'stories:list'
  | 'stories:page'
  | 'stories:accept'
  | 'stories:update'
  | 'stories:setStatus'
  | 'stories:delete'
  | 'stories:restore'
  | 'storyVersions:get'
  | 'storyVersions:restore'
  | 'projectSettings:get'
  | 'projectSettings:update'
  | 'projectSettings:import';

export function journeyHandlers(deps: {
  projects: ProjectService;
  generation: GenerationService;
  emit: <E extends EventChannel>(event: E, payload: EventPayloads[E]) => void;
}): Pick<Handlers, JourneyChannel> {
  const { projects, generation, emit } = deps;
  const repo = () => projects.requireStore();
  /** After each backlog change, only what it touched: a save costs the same whatever the backlog's size. */
  const changed = (stories: Story[]): Story[] => {
    emit('stories:changed', { changed: stories, deleted: [] });
    return stories;
  };
  const deleted = (stories: Story[]): Story[] => {
    emit('stories:changed', { changed: [], deleted: stories.map((s) => s.id) });
    return stories;
  };
  /**
   * A backlog batch is all or nothing (storyBatch.ts); when undoing a failed one failed too, every face is told
   * what stays changed on disk, and the error says so (its details list those stories: undo of a deletion).
   */
  const batch = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof StoriesLeftChanged)) throw err;
      emit('stories:changed', { changed: err.changed, deleted: err.deleted.map((s) => s.id) });
      throw err.toServiceError();
    }
  };
  return {
    'generation:derive': (req) => generation.derive(req),
    'generation:modify': (req) => generation.modify(req),
    'generation:cancel': ({ id }) => generation.cancel(id),
    'generation:regenerateStory': (req) => generation.regenerateStory(req),
    'storyRevisions:get': ({ reviewId }) => generation.revisions(reviewId),
    'storyRevisions:restore': ({ reviewId, revision }) => generation.restoreRevision(reviewId, revision),
    'history:list': () => repo().history.list(),
    'history:rawLines': ({ id }) => repo().history.rawLines(id),
    'stories:list': () => repo().stories.list(),
    'stories:page': (q) => repo().stories.page(q),
    'stories:accept': ({ drafts, generationId }) =>
      batch(async () => changed(await repo().stories.accept(drafts, generationId))),
    'stories:update': async ({ id, patch }) => changed([await repo().stories.update(id, patch)])[0]!,
    'stories:setStatus': ({ ids, status }) =>
      batch(async () => changed(await repo().stories.setStatus(ids, status))),
    'stories:delete': ({ ids }) => batch(async () => deleted(await repo().stories.delete(ids))),
    'stories:restore': ({ stories }) => batch(async () => changed(await repo().stories.restore(stories))),
    'storyVersions:get': ({ storyId }) => new StoryVersionLog(repo().stories).list(storyId),
    'storyVersions:restore': async ({ storyId, number }) =>
      changed([await new StoryVersionLog(repo().stories).restore(storyId, number)])[0]!,
    'projectSettings:get': () => repo().settings.get(),
    'projectSettings:update': (patch) => repo().settings.update(patch),
    'projectSettings:import': async () => {
      repo(); // no_project when none is open
      return importContext(await readContextSources(projects.get()!.path));
    },
  };
}
