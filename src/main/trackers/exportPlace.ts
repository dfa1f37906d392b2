// Where a sprint was exported: the tracker place (site and project, API URL and team) whose links hold the
// sprint's container, so `sync` needs only the sprint.
import type { TrackerLinks } from '../../shared/schema-types';
import { FOLDERS } from '../store/folders';
import { RecordFolder } from '../store/recordFolder';
import { storeDirOf } from '../store/storeMeta';
import { TRACKER_LABEL, TrackerError, type TrackerName } from './errors';

export async function exportPlace(
  projectDir: string,
  tracker: TrackerName,
  sprintId: string,
): Promise<{ site: string; scope: string }> {
  const folder = new RecordFolder<TrackerLinks>({ dir: storeDirOf(projectDir) }, FOLDERS.trackers);
  const places = (await folder.list()).filter((l) => l.tracker === tracker && l.containers[sprintId]);
  const name = TRACKER_LABEL[tracker];
  if (places.length === 1) return { site: places[0]!.site, scope: places[0]!.scope };
  throw new TrackerError(
    'tracker_not_found',
    places.length === 0
      ? `Sprint ${sprintId} was never exported to ${name} from this project: export it first, or name the place.`
      : `Sprint ${sprintId} was exported to ${places.length} ${name} places (${places.map((p) => p.scope).join(', ')}): name one.`,
    { tracker, status: 404, what: `where sprint ${sprintId} was exported` },
  );
}
