// `puffin jira sync`: the sprint's exported Jira issues read back; edits come back to their stories (syncIssues.ts).
import type { StoriesRepo } from '../../store/storiesRepo';
import type { VerifySource } from '../../verify/verifyProject';
import { storeTrackerLinks, type TrackerLinksStore } from '../links';
import { loadSprintForTracker } from '../sprintStories';
import { syncIssues, type SyncRequest } from '../syncIssues';
import type { TrackerSyncResult } from '../types';
import type { IssueAdapter } from '../upsert';
import { jiraSession, type JiraExportOptions } from './exportJira';
import { jiraAdapter } from './issues';

export interface JiraSyncOptions extends Pick<
  JiraExportOptions,
  'site' | 'key' | 'env' | 'stored' | 'budget' | 'signal' | 'client' | 'now'
> {
  projectDir: string;
  sprintId: string;
  repo: StoriesRepo;
  resolve?: SyncRequest['resolve'];
  links?: TrackerLinksStore;
  verifySource?: VerifySource;
}

export async function syncSprintWithJira(o: JiraSyncOptions): Promise<TrackerSyncResult> {
  const s = await jiraSession(o);
  const { stories } = await loadSprintForTracker(o.projectDir, o.sprintId, o.verifySource);
  return syncIssues({
    adapter: jiraAdapter(s) as IssueAdapter<unknown>,
    site: s.site,
    scope: s.key,
    stories,
    links: o.links ?? storeTrackerLinks(o.projectDir, 'jira', s.site, s.key),
    repo: o.repo,
    ...(o.resolve ? { resolve: o.resolve } : {}),
    ...(o.now ? { now: o.now } : {}),
  });
}
