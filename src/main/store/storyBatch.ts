/**
 * A backlog change of several stories (accept, bulk status, delete, undo of a delete) is all or nothing: each
 * story is one file, so when one write fails the ones already done are undone. Retrying after a failure (space
 * freed) then neither duplicates accepted stories nor leaves a selection half archived. Only when undoing fails
 * too does part of the change stay: StoriesLeftChanged says which stories, so the caller can tell every face.
 */
import type { Story } from '../../shared/stories';
import { ServiceError, toIpcError } from '../base/errors';

/** One story's part of a batch: its write and how to take it back. */
export interface BatchStep {
  /** The story as it is once the step is applied (for a deletion: the deleted record). */
  story: Story;
  kind: 'changed' | 'deleted';
  /** False when there was nothing to do (deleting a story that does not exist). */
  apply: () => Promise<boolean>;
  undo: () => Promise<unknown>;
}

/** A batch that failed and could not be undone entirely: what stays changed or deleted on disk. */
export class StoriesLeftChanged extends Error {
  constructor(
    readonly failure: unknown,
    readonly changed: Story[],
    readonly deleted: Story[],
  ) {
    const left = [...changed, ...deleted].map((s) => `"${s.title}"`).join(', ');
    super(
      `${failureMessage(failure)} Puffin could not undo the part already done: ` +
        `${changed.length > 0 ? `saved ${changed.length}` : ''}${changed.length > 0 && deleted.length > 0 ? ', ' : ''}` +
        `${deleted.length > 0 ? `deleted ${deleted.length}` : ''} (${left}).`,
    );
    this.name = 'StoriesLeftChanged';
  }

  /** The error to send: the failure's code (disk_full…), this message, and what stays applied in details. */
  toServiceError(): ServiceError {
    const data = toIpcError(this.failure);
    // Every code a store write can fail with has plain-object (family) details; the prompt family never reaches here.
    const details = { ...(data.details as object | undefined), changed: this.changed, deleted: this.deleted };
    return new ServiceError(data.code, this.message, details as never);
  }
}

function failureMessage(err: unknown): string {
  // The write's own message ends "nothing was changed", which is no longer true here.
  return toIpcError(err).message.replace(/[;,.]?\s*nothing was changed\.?$/, '.');
}

/**
 * Applies every step (at once: one file each); on a failure undoes the applied ones and throws the first
 * failure, or StoriesLeftChanged when some could not be undone. Returns the stories of the steps that applied.
 */
export async function applyAll(steps: readonly BatchStep[]): Promise<Story[]> {
  const results = await Promise.allSettled(steps.map((s) => s.apply()));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  const applied = steps.filter((_, i) => results[i]!.status === 'fulfilled' && results[i]!.value === true);
  if (!failure) return applied.map((s) => s.story);
  const undone = await Promise.allSettled(applied.map((s) => s.undo()));
  const left = applied.filter((_, i) => undone[i]!.status === 'rejected');
  if (left.length === 0) throw failure.reason;
  throw new StoriesLeftChanged(
    failure.reason,
    left.filter((s) => s.kind === 'changed').map((s) => s.story),
    left.filter((s) => s.kind === 'deleted').map((s) => s.story),
  );
}
