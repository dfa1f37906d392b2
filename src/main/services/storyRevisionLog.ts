/**
 * The revisions of stories reviews in the project's store (`story-revisions/<reviewId>.json`): every round that
 * opened with stories is appended; a restore appends a copy of an older revision. Read-modify-write goes through
 * the folder's per-file queue, so two rounds finishing together never lose one another.
 */
import { isId } from '../../shared/ids';
import type { StoryRevision, StoryRevisions } from '../../shared/storyRevisions';
import { ServiceError } from '../base/errors';
import { FOLDERS } from '../store/folders';
import type { ProjectStore } from '../store/projectStore';
import type { StoreContext } from '../store/recordFile';
import { RecordFolder } from '../store/recordFolder';
import { appendNumbered, findNumbered, type NewNumbered } from '../store/revisionLog';

export type NewStoryRevision = NewNumbered<StoryRevision>;

export class StoryRevisionLog {
  private readonly folder: RecordFolder<StoryRevisions>;

  constructor(ctx: StoreContext) {
    this.folder = new RecordFolder(ctx, FOLDERS.storyRevisions);
  }

  async get(reviewId: string): Promise<StoryRevisions | null> {
    return (await this.folder.get(reviewId)) ?? null;
  }

  /** Appended after the revisions on disk now (another face may have added some since this one read them). */
  append(reviewId: string, next: NewStoryRevision, at: Date): Promise<StoryRevisions> {
    return this.appendFrom(reviewId, () => next, at);
  }

  /** A copy of revision `number` becomes the current one (as a new revision: nothing is dropped). */
  async restore(reviewId: string, number: number, at: Date): Promise<StoryRevisions> {
    if (!isId(reviewId)) throw new ServiceError('not_found', `There is no stories review ${reviewId}.`);
    return this.appendFrom(
      reviewId,
      (revisions) => {
        const old = findNumbered(revisions, number, `Stories review ${reviewId}`);
        return {
          kind: 'restored',
          generationId: old.generationId,
          stories: old.stories,
          restoredFrom: number,
        };
      },
      at,
    );
  }

  /** The read-modify-write of the review's file: `nextOf` sees the revisions as they are on disk. */
  private async appendFrom(
    reviewId: string,
    nextOf: (revisions: readonly StoryRevision[]) => NewStoryRevision,
    at: Date,
  ): Promise<StoryRevisions> {
    const { record } = await this.folder.update(reviewId, (existing) => {
      const old = existing?.revisions ?? [];
      const { revisions, number } = appendNumbered(old, nextOf(old), at);
      return { reviewId, revisions, current: number };
    });
    return record;
  }
}

const logs = new WeakMap<ProjectStore, StoryRevisionLog>();

/** The revision log of an opened store (one per store, so its folder's cache is shared). */
export function revisionLogOf(store: ProjectStore): StoryRevisionLog {
  let log = logs.get(store);
  if (!log) logs.set(store, (log = new StoryRevisionLog(store.ctx)));
  return log;
}
