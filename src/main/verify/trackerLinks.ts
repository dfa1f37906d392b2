// The Board's view of the trackers: each story's issue and whether the tracker counted it done when Puffin last
// read it (an export or a sync), shown next to Puffin's verdict, which stays what the assertions say.
import type { BoardData } from '../../shared/board';
import type { TrackerLinks } from '../../shared/schema-types';
import { FOLDERS } from '../store/folders';
import { RecordFolder } from '../store/recordFolder';
import { storeDirOf } from '../store/storeMeta';

export async function trackerLinksByStory(
  projectDir: string,
): Promise<NonNullable<BoardData['trackerLinks']>> {
  const folder = new RecordFolder<TrackerLinks>({ dir: storeDirOf(projectDir) }, FOLDERS.trackers);
  const newest = new Map<string, { key: string; url: string; done: boolean | null; at: string }>();
  for (const record of await folder.list().catch(() => []))
    for (const [storyId, l] of Object.entries(record.issues)) {
      const had = newest.get(storyId);
      if (!had || had.at < l.exportedAt)
        newest.set(storyId, { key: l.key, url: l.url, done: l.remoteDone ?? null, at: l.exportedAt });
    }
  return Object.fromEntries([...newest].map(([id, { key, url, done }]) => [id, { key, url, done }]));
}
