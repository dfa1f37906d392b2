/**
 * Handlers of the stories review's channels (src/shared/ipc/reviewChannels.ts): generations derived, modified
 * (also from a stored round) and regenerated, their revisions, and the open review kept in the project store.
 */
import type { reviewSchemas } from '../../shared/ipc/reviewChannels';
import type { OpenReview } from '../../shared/schema-types';
import type { Generation } from '../../shared/stories';
import { latestWithStories } from '../../shared/storySearch';
import type { Handlers } from '../app/dispatcher';
import type { ProjectService } from '../app/projectService';
import { ServiceError } from '../base/errors';
import { FOLDERS } from '../store/folders';
import type { HistoryRepo } from '../store/historyRepo';
import { RecordFolder } from '../store/recordFolder';
import type { GenerationService } from './generationService';

/** The generation a modify round starts from: the given one, else the latest succeeded derive/modify. */
async function baseGeneration(history: HistoryRepo, id: string | undefined): Promise<Generation> {
  if (id) {
    const g = await history.get(id);
    if (!g) throw new ServiceError('not_found', `There is no generation ${id} in this project.`);
    if (!g.stories?.length) throw new ServiceError('not_found', `Generation ${id} has no stories to modify.`);
    return g;
  }
  const latest = latestWithStories(await history.list());
  if (!latest)
    throw new ServiceError(
      'not_found',
      'This project has no generation with stories yet; derive stories first (`puffin stories derive`).',
    );
  return latest;
}

export function reviewHandlers(deps: {
  projects: ProjectService;
  generation: GenerationService;
}): Pick<Handlers, keyof typeof reviewSchemas> {
  const { projects, generation } = deps;
  const folder = () => new RecordFolder<OpenReview>(projects.requireStore().ctx, FOLDERS.openReview);
  /** Removes every saved review but `keep`; how many there were. */
  async function removeOthers(f: RecordFolder<OpenReview>, keep?: string): Promise<number> {
    const others = (await f.keys()).filter((k) => k !== keep);
    for (const key of others) await f.remove(key);
    return others.length;
  }
  return {
    'generation:derive': (req) => generation.derive(req),
    'generation:modify': (req) => generation.modify(req),
    'generation:cancel': ({ id }) => generation.cancel(id),
    'generation:modifyStored': async ({ id, generationId, feedback, lock = [], model }) => {
      const base = await baseGeneration(projects.requireStore().history, generationId);
      const stories = base.stories ?? [];
      const outside = lock.filter((n) => n > stories.length);
      if (outside.length > 0)
        throw new ServiceError(
          'invalid_payload',
          `lock ${outside.join(',')}: generation ${base.id} has ${stories.length} stories.`,
        );
      return generation.modify({
        id,
        parentId: base.id,
        feedback,
        stories: stories.map((s, i) => ({ ...s, locked: s.locked || lock.includes(i + 1) })),
        ...(model ? { model } : {}),
      });
    },
    'generation:regenerateStory': (req) => generation.regenerateStory(req),
    'storyRevisions:get': ({ reviewId }) => generation.revisions(reviewId),
    'storyRevisions:restore': ({ reviewId, revision }) => generation.restoreRevision(reviewId, revision),
    'review:get': async () => {
      const saved = await folder().list();
      return saved.sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0] ?? null;
    },
    'review:save': async ({ review }) => {
      const f = folder();
      // Written first, so a failed removal leaves two reviews (the newest restored), never none.
      const stored = await f.put({ ...review, savedAt: new Date().toISOString() });
      await removeOthers(f, review.generationId);
      return stored;
    },
    'review:close': async () => ({ closed: (await removeOthers(folder())) > 0 }),
  };
}
