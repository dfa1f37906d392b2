// `puffin github import`: the repository's open issues not created by Puffin (no `puffin` label, no Puffin marker;
// optionally only those labelled --label) become backlog stories, linked in .puffin/trackers so a rerun updates them.
import type { Story } from '../../../shared/stories';
import type { StoriesRepo } from '../../store/storiesRepo';
import { importIssues, MAX_IMPORT, type ListedIssue } from '../importIssues';
import { storeTrackerLinks, type TrackerLinksStore } from '../links';
import type { RetryBudget } from '../retry';
import { step } from '../session';
import type { TrackerImportResult } from '../types';
import { githubSession } from './client';
import { readMarker } from './issueContent';
import { repoName } from './repoRef';
import type { TokenSources } from './token';

export interface GithubImportOptions {
  projectDir: string;
  repo: string;
  apiUrl?: string;
  label?: string;
  token?: TokenSources;
  stories: StoriesRepo;
  onChanged?: (stories: Story[]) => void;
  links?: TrackerLinksStore;
  budget?: Partial<RetryBudget>;
  signal?: AbortSignal;
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
  const s = await githubSession(o);
  const repo = repoName(s.repo);
  const listed = (await step(s, `listing the issues of ${repo}`, () =>
    s.octokit.paginate(s.octokit.rest.issues.listForRepo, {
      owner: s.repo.owner,
      repo: s.repo.name,
      state: 'open',
      per_page: 100,
      ...(o.label ? { labels: o.label } : {}),
    }),
  )) as RemoteIssue[];
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
    site: s.site,
    scope: repo,
    issues,
    links: o.links ?? storeTrackerLinks(o.projectDir, 'github', s.site, repo),
    stories: o.stories,
    ...(o.onChanged ? { onChanged: o.onChanged } : {}),
    ...(o.now ? { now: o.now } : {}),
  });
}
