// The project folder as verify's source: backlog stories, sprints, per-story assertions and their run history, read
// and written through the same modules the app uses.
import type { ErrorCode } from '../../shared/errors';
import { AssertionInputError, readStoryAssertions } from '../assertions/input';
import { storyIdsWithSets } from '../assertions/storySets';
import { appendRun, readHistory } from '../assertions/resultStore';
import { PlanStore } from '../plans/planStore';
import { storeDirOf } from '../store/storeMeta';
import { StoriesRepo } from '../store/storiesRepo';
import type { VerifySource, VerifyStoryRef } from './verifyProject';

export class SprintNotFoundError extends Error {
  override readonly name = 'SprintNotFoundError';
  readonly code = 'not_found' satisfies ErrorCode;
}

export function projectVerifySource(projectDir: string): VerifySource {
  const storeDir = storeDirOf(projectDir);
  const backlog = new StoriesRepo(storeDir);
  const plans = new PlanStore(storeDir);
  // Listed once per verify: a story without a stored set has nothing to read, so a large backlog of unspecified
  // stories costs one folder listing instead of two failed reads each.
  let listed: Promise<Set<string>> | undefined;
  const hasSet = async (storyId: string): Promise<boolean> =>
    (await (listed ??= storyIdsWithSets(projectDir).then((ids) => new Set(ids)))).has(storyId);
  return {
    async stories(sprintId) {
      // From the backlog's index: the order and titles of 100,000 stories without reading one of them.
      const known = await backlog.index.entries();
      const titles = new Map(known.map((s) => [s.id, s.title]));
      const ref = (id: string): VerifyStoryRef => ({ id, title: titles.get(id) ?? '' });
      if (sprintId !== null) {
        const sprint = await plans.sprints.get(sprintId);
        if (!sprint) throw new SprintNotFoundError(`There is no sprint ${sprintId} in this project.`);
        return sprint.storyIds.map(ref);
      }
      // Backlog order first; assertion sets of stories no longer in the backlog still count (they were stored).
      const ids = known.map((s) => s.id);
      const extra = (await storyIdsWithSets(projectDir)).filter((id) => !titles.has(id)).sort();
      return [...ids, ...extra].map(ref);
    },
    async assertions(storyId) {
      if (!(await hasSet(storyId))) return [];
      try {
        return await readStoryAssertions(projectDir, storyId);
      } catch (err) {
        if (err instanceof AssertionInputError && err.code === 'file_not_found') return [];
        throw err;
      }
    },
    async history(storyId) {
      if (!(await hasSet(storyId))) return [];
      const read = await readHistory(projectDir, storyId);
      return read.kind === 'ok' ? read.history.runs : [];
    },
    async record(storyId, run) {
      await appendRun(projectDir, storyId, run);
    },
  };
}
