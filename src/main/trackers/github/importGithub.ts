// `puffin github import`: the repository's open issues not created by Puffin (no `puffin` label, no Puffin marker;
// optionally only those labelled --label) become backlog stories, linked in .puffin/trackers so a rerun updates them.
import type { Story } from '../../../shared/stories';
import { createGithubClient, realTimers } from '../../github/client';
import { toGithubError } from '../../github/errors';
import { readMarker } from '../../github/issueContent';
import { normalizeApiUrl, parseRepo, repoName } from '../../github/repoRef';
import { resolveGithubToken, type TokenSources } from '../../github/token';
import type { StoriesRepo } from '../../store/storiesRepo';
import { importIssues, MAX_IMPORT, type ListedIssue } from '../importIssues';
import { storeTrackerLinks, type TrackerLinksStore } from '../links';
import type { TrackerImportResult } from '../types';

export interface GithubImportOptions {
  projectDir: string;
  repo: string;
  apiUrl?: string;
  label?: string;
  token?: TokenSources;
  stories: StoriesRepo;
  onChanged?: (stories: Story[]) => void;
  links?: TrackerLinksStore;
  rateLimit?: { sleep?: (ms: number) => Promise<void>; onWait?: (ms: number) => void };
  now?: () => Date;
}

interface RemoteIssue {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  html_url: string;
  pull_request?: unknown;
  labels: (string | { name?: string })[];
}

export async function importFromGithub(o: GithubImportOptions): Promise<TrackerImportResult> {
  const repo = parseRepo(o.repo);
  const apiUrl = normalizeApiUrl(o.apiUrl);
  const token = await resolveGithubToken(apiUrl, o.token);
  const octokit = createGithubClient({
    token: token.token,
    apiUrl,
    rateLimit: { maxWaitMs: 60_000, ...realTimers, ...o.rateLimit },
  });
  let listed: RemoteIssue[];
  try {
    listed = (await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner: repo.owner,
      repo: repo.name,
      state: 'open',
      per_page: 100,
      ...(o.label ? { labels: o.label } : {}),
    })) as RemoteIssue[];
  } catch (err) {
    throw toGithubError(err, {
      repo: repoName(repo),
      apiUrl,
      doing: `listing the issues of ${repoName(repo)}`,
    });
  }
  const issues: ListedIssue[] = listed
    .filter((i) => !i.pull_request)
    .slice(0, MAX_IMPORT + 1)
    .map((i) => ({
      id: String(i.id),
      key: `#${i.number}`,
      url: i.html_url,
      title: i.title,
      markdown: (i.body ?? '').replace(/\r\n?/g, '\n'),
      labels: i.labels.map((l) => (typeof l === 'string' ? l : (l.name ?? ''))),
      byPuffin: readMarker(i.body) !== null,
    }));
  return importIssues({
    tracker: 'github',
    site: apiUrl,
    scope: repoName(repo),
    issues,
    links: o.links ?? storeTrackerLinks(o.projectDir, 'github', apiUrl, repoName(repo)),
    stories: o.stories,
    ...(o.onChanged ? { onChanged: o.onChanged } : {}),
    ...(o.now ? { now: o.now } : {}),
  });
}
