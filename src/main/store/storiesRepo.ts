import { randomUUID } from 'node:crypto';
import { isId } from '../../shared/ids';
import type { Story, StoryDraft, StoryStatus } from '../../shared/stories';
import { ServiceError } from '../base/errors';
import { FOLDERS } from './folders';
import type { StoreContext } from './recordFile';
import { RecordFolder } from './recordFolder';
import { SerialQueue } from './serialQueue';
import { acceptedStoryIds } from './acceptedIds';
import { applyAll } from './storyBatch';
import { StoryIndex } from './storyIndex';
import { storyPage, type StoryPageQuery } from './storyPageQuery';
import type { StoryPage } from '../../shared/storyPage';

export type StoryPatch = Partial<StoryDraft> & { status?: StoryStatus };

/** The backlog: `stories/<id>.json` in the store, one file per story, so saving one never rewrites the others. */
export class StoriesRepo {
  readonly records: RecordFolder<Story>;
  /** Where the store is: what a record of the story's own (its versions) opens its folder with. */
  readonly ctx: StoreContext;
  /** Order, status and title of every story, kept current by every write here (storyIndex.ts). */
  readonly index: StoryIndex;
  /** Update/delete/restore read then write: serialized so two edits of one story never lose each other. */
  private readonly queue = new SerialQueue();

  constructor(
    store: string | StoreContext,
    private readonly now: () => Date = () => new Date(),
  ) {
    const ctx = typeof store === 'string' ? { dir: store } : store;
    this.ctx = ctx;
    this.records = new RecordFolder<Story>(ctx, FOLDERS.stories);
    this.index = new StoryIndex(ctx.dir, this.records, ctx.log);
  }

  /** Oldest first (creation order), which is the backlog's natural order. */
  async list(): Promise<Story[]> {
    const all = await this.records.list();
    return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** One page of the backlog, oldest first, filtered by status and search words (storyPageQuery.ts). */
  page(q: StoryPageQuery): Promise<StoryPage> {
    return storyPage(this.index, this.records, q);
  }

  /**
   * Drafts become pending backlog stories: all of them or none (storyBatch.ts), every one checked before any is
   * written, so a retry after a failure adds each story once. Accepting from a generation is idempotent: a draft
   * of it already in the backlog (read from disk: another face may have accepted it) is not added again (the
   * answer lists only the stories added). Drafts without a generation get fresh ids.
   */
  async accept(drafts: StoryDraft[], generationId?: string): Promise<Story[]> {
    const base = this.now().getTime();
    const ids = generationId ? acceptedStoryIds(generationId, drafts) : drafts.map(() => randomUUID());
    // Distinct, increasing timestamps keep the accepted order when listing by createdAt.
    const stories = drafts.map((d, i): Story => {
      const at = new Date(base + i).toISOString();
      return {
        id: ids[i]!,
        title: d.title,
        description: d.description,
        acceptanceCriteria: [...d.acceptanceCriteria],
        status: 'pending',
        createdAt: at,
        updatedAt: at,
        ...(generationId ? { generationId } : {}),
      };
    });
    stories.forEach((s, i) => {
      const problem = this.records.spec.check(s);
      if (problem)
        throw new ServiceError('invalid_draft', `Story ${i + 1} (“${s.title}”) cannot be saved: ${problem}.`);
    });
    return this.queue.run(() =>
      this.indexed(async () => {
        const onDisk = generationId ? await Promise.all(ids.map((id) => this.records.current(id))) : [];
        const fresh = stories.map((story, i) => {
          const there = onDisk[i];
          if (!there) return story;
          if (there.generationId === generationId) return null;
          // Another story holds the id (not accepted from this generation): this one gets a fresh id.
          return { ...story, id: randomUUID() };
        });
        return applyAll(
          fresh
            .filter((s): s is Story => s !== null)
            .map((story) => ({
              story,
              kind: 'changed' as const,
              apply: () => this.put(story),
              undo: () => this.remove(story.id),
            })),
        );
      }),
    );
  }

  /**
   * Patches the story as it is on disk now (another face may have changed or deleted it since it was listed
   * here); one that is no longer there is not_found, never brought back. `keep` sees that story before the patch.
   */
  update(id: string, patch: StoryPatch, keep?: (before: Story) => Promise<void>): Promise<Story> {
    return this.queue.run(async () => {
      if (!isId(id)) throw notFound(id);
      const { record } = await this.index.change(
        () =>
          this.records.update(id, async (current) => {
            if (!current) throw notFound(id);
            // The story on disk before the change, kept first (its versions): a failure there changes nothing.
            if (keep) await keep(current);
            return { ...current, ...definedOnly(patch), updatedAt: this.now().toISOString() };
          }),
        (r) => ({ put: [r.record], del: [] }),
      );
      return record;
    });
  }

  /**
   * Create-or-update decided from the story on disk now (undefined when there is none), in the queue and as one change
   * of the index, so a writer from outside (a spec-file import) leaves the index current instead of stale.
   */
  upsert(id: string, decide: (current: Story | undefined) => Promise<Story>): Promise<Story> {
    return this.queue.run(async () => {
      const { record } = await this.index.change(
        () => this.records.update(id, decide),
        (r) => ({ put: [r.record], del: [] }),
      );
      return record;
    });
  }

  /** One status for many stories (bulk archive): all or none (storyBatch.ts), none when one does not exist. */
  setStatus(ids: string[], status: StoryStatus): Promise<Story[]> {
    return this.queue.run(() =>
      this.indexed(async () => {
        const unique = [...new Set(ids)];
        // Read from disk, not the cache: another face may have edited or deleted them since (see update).
        const current = await Promise.all(unique.map((id) => this.records.current(id)));
        const missing = unique.find((_, i) => !current[i]);
        if (missing) throw new ServiceError('not_found', `There is no story ${missing} in the backlog.`);
        const updatedAt = this.now().toISOString();
        return applyAll(
          current.map((before) => {
            const story: Story = { ...before!, status, updatedAt };
            return {
              story,
              kind: 'changed',
              apply: () => this.put(story),
              undo: () => this.put(before!),
            };
          }),
        );
      }),
    );
  }

  /**
   * Returns the deleted records (ids that do not exist are skipped), so the caller can offer undo. All or none
   * (storyBatch.ts): a removal that fails puts back the ones already removed.
   */
  delete(ids: string[]): Promise<Story[]> {
    return this.queue.run(() =>
      this.indexed(async () => {
        const found = await Promise.all([...new Set(ids)].map((id) => this.records.get(id)));
        return applyAll(
          found
            .filter((s): s is Story => s !== undefined)
            .map((story) => ({
              story,
              kind: 'deleted',
              apply: () => this.remove(story.id),
              undo: () => this.put(story),
            })),
        );
      }, true),
    );
  }

  /** Puts exact records back (undo of a delete): all or none (storyBatch.ts). */
  restore(stories: Story[]): Promise<Story[]> {
    return this.queue.run(() =>
      this.indexed(async () => {
        const unique = [...new Map(stories.map((s) => [s.id, s])).values()];
        const before = await Promise.all(unique.map((s) => this.records.get(s.id)));
        return applyAll(
          unique.map((s, i) => {
            const story: Story = { ...s };
            const was = before[i];
            return {
              story,
              kind: 'changed',
              apply: () => this.put(story),
              undo: () => (was ? this.put(was) : this.remove(story.id)),
            };
          }),
        );
      }),
    );
  }

  /**
   * A batch (storyBatch.ts) with the reads it decides on, as one change of the index: one turn on its lock however
   * many stories, and the record locks its reads take (files beside the records) inside it.
   */
  private indexed(run: () => Promise<Story[]>, deleting = false): Promise<Story[]> {
    return this.index.change(run, (done) =>
      deleting ? { put: [], del: done.map((s) => s.id) } : { put: done, del: [] },
    );
  }

  private async put(story: Story): Promise<boolean> {
    await this.records.put(story);
    return true;
  }

  private remove(id: string): Promise<boolean> {
    return this.records.remove(id);
  }
}

function notFound(id: string): ServiceError {
  return new ServiceError('not_found', `There is no story ${id} in the backlog.`);
}

function definedOnly(patch: StoryPatch): StoryPatch {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as StoryPatch;
}
