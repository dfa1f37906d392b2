/** Handlers of the backlog channels (src/shared/ipc/backlogChannels.ts): every change told to every face. */
import type { backlogSchemas } from '../../shared/ipc/backlogChannels';
import type { EventChannel, EventPayloads } from '../../shared/ipc/contract';
import type { Story } from '../../shared/stories';
import type { Handlers } from '../app/dispatcher';
import type { ProjectService } from '../app/projectService';
import { StoriesLeftChanged } from '../store/storyBatch';
import { StoryVersionLog } from '../store/storyVersions';

export function backlogHandlers(deps: {
  projects: ProjectService;
  emit: <E extends EventChannel>(event: E, payload: EventPayloads[E]) => void;
}): Pick<Handlers, keyof typeof backlogSchemas> {
  const { projects, emit } = deps;
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
  };
}
