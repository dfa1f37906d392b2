// The project folder as verify's source: backlog stories, sprints, per-story assertions and their run history, read
// and written through the same modules the app uses.
import { access } from 'node:fs/promises';
import type { ErrorCode } from '../../shared/errors';
import { isId } from '../../shared/ids';
import { AssertionInputError, readStoryAssertions } from '../assertions/input';
import { storyAssertionsPath, storyIdsWithSets } from '../assertions/storySets';
import { appendRun, readHistory } from '../assertions/resultStore';
import { PlanStore } from '../plans/planStore';
import { storeDirOf } from '../store/storeMeta';
import { StoriesRepo } from '../store/storiesRepo';
import type { VerifySource, VerifyStoryRef } from './verifyProject';

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

export class SprintNotFoundError extends Error {
  override readonly name = 'SprintNotFoundError';
  readonly code = 'not_found' satisfies ErrorCode;
}

export function projectVerifySource(projectDir: string): VerifySource {
  const storeDir = storeDirOf(projectDir);
  const backlog = new StoriesRepo(storeDir);
  const plans = new PlanStore(storeDir);
  // The stories that have a set, from one listing of the assertions folder (a file per specified story, so it grows
  // with them, not with the backlog): every other story is handed out flagged, and verify reports it unspecified
  // without a read. Listed again on every call: another process may have stored a set since.
  const specified = async () => new Set(await storyIdsWithSets(projectDir));
  // A title is read only for a story with a set, from its own record (a read per specified story, none per other).
  const title = async (id: string): Promise<string> =>
    (isId(id) ? await backlog.records.readUncached(id) : undefined)?.title ?? '';
  const ref = async (sets: ReadonlySet<string>, id: string): Promise<VerifyStoryRef> =>
    sets.has(id) ? { id, title: await title(id) } : { id, unspecified: true };
  return {
    async stories(sprintId) {
      if (sprintId !== null) {
        const sprint = await plans.sprints.get(sprintId);
        if (!sprint) throw new SprintNotFoundError(`There is no sprint ${sprintId} in this project.`);
        const sets = await specified();
        return Promise.all(sprint.storyIds.map((id) => ref(sets, id)));
      }
      // The backlog's order from its index's id column alone: 100,000 stories without reading one of them.
      const known = await backlog.index.read((view) =>
        view.idsAt(Array.from({ length: view.total }, (_, i) => i)),
      );
      const sets = await specified();
      const refs: VerifyStoryRef[] = [];
      for (const id of known) refs.push(sets.has(id) ? await ref(sets, id) : { id, unspecified: true });
      // Assertion sets of stories no longer in the backlog still count (they were stored): after the backlog.
      const extra = new Set(sets);
      for (const id of known) extra.delete(id);
      return [...refs, ...[...extra].sort().map((id) => ({ id, title: '' }))];
    },
    title,
    async assertions(storyId) {
      if (!isId(storyId)) return [];
      try {
        return await readStoryAssertions(projectDir, storyId);
      } catch (err) {
        if (err instanceof AssertionInputError && err.code === 'file_not_found') return [];
        throw err;
      }
    },
    async history(storyId) {
      // The runs of a story whose set is gone (deleted, or kept aside) are not its history any more.
      if (!isId(storyId) || !(await exists(storyAssertionsPath(projectDir, storyId)))) return [];
      const read = await readHistory(projectDir, storyId);
      return read.kind === 'ok' ? read.history.runs : [];
    },
    async record(storyId, run) {
      await appendRun(projectDir, storyId, run);
    },
  };
}
