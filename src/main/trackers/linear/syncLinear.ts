// `puffin linear sync`: the sprint's exported Linear issues read back; edits come back to their stories
// (syncIssues.ts).
import type { StoriesRepo } from '../../store/storiesRepo';
import type { VerifySource } from '../../verify/verifyProject';
import { storeTrackerLinks, type TrackerLinksStore } from '../links';
import { loadSprintForTracker } from '../sprintStories';
import { syncIssues, type SyncRequest } from '../syncIssues';
import type { TrackerSyncResult } from '../types';
import type { IssueAdapter } from '../upsert';
import { linearSession, type LinearExportOptions } from './exportLinear';
import { linearAdapter } from './issues';
import { readTeam } from './team';

export interface LinearSyncOptions extends Pick<
  LinearExportOptions,
  'team' | 'apiUrl' | 'env' | 'storedKey' | 'budget' | 'signal' | 'client' | 'now'
> {
  projectDir: string;
  sprintId: string;
  repo: StoriesRepo;
  resolve?: SyncRequest['resolve'];
  links?: TrackerLinksStore;
  verifySource?: VerifySource;
}

export async function syncSprintWithLinear(o: LinearSyncOptions): Promise<TrackerSyncResult> {
  const s = await linearSession(o);
  const team = await readTeam(s);
  const { stories } = await loadSprintForTracker(o.projectDir, o.sprintId, o.verifySource);
  return syncIssues({
    adapter: linearAdapter(s) as IssueAdapter<unknown>,
    site: s.site,
    scope: team.key,
    stories,
    links: o.links ?? storeTrackerLinks(o.projectDir, 'linear', s.site, team.key),
    repo: o.repo,
    ...(o.resolve ? { resolve: o.resolve } : {}),
    ...(o.now ? { now: o.now } : {}),
  });
}
