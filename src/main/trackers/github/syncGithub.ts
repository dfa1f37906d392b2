// `puffin github sync`: the sprint's exported GitHub issues read back; edits come back to their stories
// (syncIssues.ts), a close or reopen on GitHub is shown next to Puffin's verdict.
import type { StoriesRepo } from '../../store/storiesRepo';
import type { VerifySource } from '../../verify/verifyProject';
import type { TrackerLinksStore } from '../links';
import { loadSprintForTracker } from '../sprintStories';
import { syncIssues, type SyncRequest } from '../syncIssues';
import type { TrackerSyncResult } from '../types';
import type { IssueAdapter } from '../upsert';
import { githubSession } from './client';
import { githubLinks, type GithubExportOptions } from './exportGithub';
import { githubAdapter } from './issues';
import { repoName } from './repoRef';

export interface GithubSyncOptions extends Pick<
  GithubExportOptions,
  'repo' | 'apiUrl' | 'token' | 'budget' | 'signal' | 'now'
> {
  projectDir: string;
  sprintId: string;
  repo: string;
  stories: StoriesRepo;
  resolve?: SyncRequest['resolve'];
  links?: TrackerLinksStore;
  verifySource?: VerifySource;
}

export async function syncSprintWithGithub(o: GithubSyncOptions): Promise<TrackerSyncResult> {
  const s = await githubSession(o);
  const { stories } = await loadSprintForTracker(o.projectDir, o.sprintId, o.verifySource);
  return syncIssues({
    adapter: githubAdapter(s) as IssueAdapter<unknown>,
    site: s.site,
    scope: repoName(s.repo),
    stories,
    links: o.links ?? githubLinks(o.projectDir, s),
    repo: o.stories,
    ...(o.resolve ? { resolve: o.resolve } : {}),
    ...(o.now ? { now: o.now } : {}),
  });
}
