/** The open stories review in the project store: saved as it changes, restored after a reload. */
import type { OpenReview } from '../../shared/schema-types';
import type { Handlers } from '../app/dispatcher';
import type { ProjectService } from '../app/projectService';
import { FOLDERS } from '../store/folders';
import { RecordFolder } from '../store/recordFolder';

export type OpenReviewChannel = 'review:get' | 'review:save' | 'review:close';

export function openReviewHandlers(projects: ProjectService): Pick<Handlers, OpenReviewChannel> {
  const folder = () => new RecordFolder<OpenReview>(projects.requireStore().ctx, FOLDERS.openReview);
  /** Removes every saved review but `keep`; how many there were. */
  async function removeOthers(f: RecordFolder<OpenReview>, keep?: string): Promise<number> {
    const others = (await f.keys()).filter((k) => k !== keep);
    for (const key of others) await f.remove(key);
    return others.length;
  }
  return {
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
