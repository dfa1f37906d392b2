// A story's status moves with its verdict: all its assertions passing makes it done, one that used to pass and no
// longer does takes a done story back to in progress. Archived stories stay archived; a story that never passed
// keeps the status the user gave it.
import type { StoryAssertionsView } from '../../shared/assertions';
import type { Story, StoryStatus } from '../../shared/stories';
import type { StoryVerdict } from '../../shared/verify';
import { isId } from '../../shared/ids';
import type { Emit } from '../app/services';
import type { StoriesRepo } from '../store/storiesRepo';

export function statusForVerdict(status: StoryStatus, verdict: StoryVerdict): StoryStatus {
  if (status === 'archived') return status;
  if (verdict === 'verified') return 'done';
  if (verdict === 'regressed' && status === 'done') return 'in_progress';
  return status;
}

/** The verdict of the assertions panel's view of a story: its latest result of every assertion, and its history. */
export function verdictOfView(view: StoryAssertionsView): StoryVerdict {
  const ids = view.assertions.map((a) => a.id);
  if (ids.length === 0) return 'unspecified';
  const notPassing = ids.filter((id) => view.latest[id]?.status !== 'pass');
  if (notPassing.length === 0) return 'verified';
  return notPassing.some((id) => id in view.firstPassed) ? 'regressed' : 'failing';
}

/**
 * Updates each backlog story whose status should move, deciding on the record as it is on disk (another face may
 * have changed it); returns the stories that changed. Stories not in the backlog are skipped.
 */
export async function moveStatusesWithVerdicts(
  repo: StoriesRepo,
  verdicts: readonly { id: string; status: StoryVerdict }[],
  now: () => Date = () => new Date(),
): Promise<Story[]> {
  const moved: Story[] = [];
  for (const v of verdicts) {
    // Only these verdicts ever move a status: the others cost no read (most of a large backlog is unspecified).
    if (v.status !== 'verified' && v.status !== 'regressed') continue;
    if (!isId(v.id)) continue;
    // Looked at first without a lock: a lock file beside the record would change the stories folder and make
    // every other process reload the backlog's index, though most verified stories are already done.
    const seen = await repo.records.readUncached(v.id);
    if (!seen || statusForVerdict(seen.status, v.status) === seen.status) continue;
    let changed = false;
    // Read and written through the backlog's index (the record's lock, a file beside it, inside its change).
    const record = await repo.index.change(
      async () => {
        if (!(await repo.records.current(v.id))) return undefined;
        const { record } = await repo.records.update(v.id, (current) => {
          // Deleted since: handing back what is there (nothing) writes nothing; the folder's type wants a record.
          if (!current) return current as unknown as Story;
          const status = statusForVerdict(current.status, v.status);
          if (status === current.status) return current;
          changed = true;
          return { ...current, status, updatedAt: now().toISOString() };
        });
        return record;
      },
      (r) => ({ put: changed && r ? [r] : [], del: [] }),
    );
    if (!record) continue;
    if (changed) moved.push(record);
  }
  return moved;
}

/** Moves the statuses and tells every face which stories changed (the Backlog shows them at once). */
export async function moveAndTell(
  repo: StoriesRepo,
  verdicts: readonly { id: string; status: StoryVerdict }[],
  emit: Emit,
): Promise<void> {
  const moved = await moveStatusesWithVerdicts(repo, verdicts);
  if (moved.length > 0) emit('stories:changed', { changed: moved, deleted: [] });
}
