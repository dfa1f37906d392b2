// `puffin jira import`: the project's issues not created by Puffin (optionally only those with --label) become
// backlog stories, linked in .puffin/trackers so a rerun updates them.
import type { Story } from '../../../shared/stories';
import type { StoriesRepo } from '../../store/storiesRepo';
import { importIssues, MAX_IMPORT, type ListedIssue } from '../importIssues';
import { storeTrackerLinks, type TrackerLinksStore } from '../links';
import { step } from '../session';
import type { TrackerImportResult } from '../types';
import { adfMarkdown } from './adf';
import { jiraSession, type JiraExportOptions } from './exportJira';
import { browseUrl } from './issues';
import type { JiraSession } from './project';

export interface JiraImportOptions extends Pick<
  JiraExportOptions,
  'site' | 'key' | 'env' | 'stored' | 'budget' | 'signal' | 'client' | 'now'
> {
  projectDir: string;
  label?: string;
  stories: StoriesRepo;
  onChanged?: (stories: Story[]) => void;
  links?: TrackerLinksStore;
}

const quoted = (v: string): string => `"${v.replace(/["\\]/g, '\\$&')}"`;

export async function listJiraIssues(s: JiraSession, label?: string): Promise<ListedIssue[]> {
  const what = `the project key ${s.key} (--key) and the site ${s.site} (--site)`;
  await step(
    s,
    `reading the project ${s.key}`,
    () => s.client.projects.getProject({ projectIdOrKey: s.key }),
    what,
  );
  const jql = `project = ${quoted(s.key)}${label ? ` AND labels = ${quoted(label)}` : ''} ORDER BY created ASC`;
  const out: ListedIssue[] = [];
  let token: string | undefined;
  do {
    const page = await step(s, `listing the issues of ${s.key}`, () =>
      s.client.issueSearch.searchForIssuesUsingJqlEnhancedSearchPost({
        jql,
        fields: ['summary', 'description', 'labels'],
        maxResults: 50,
        ...(token ? { nextPageToken: token } : {}),
      }),
    );
    for (const issue of page.issues ?? []) {
      const f = (issue.fields ?? {}) as { summary?: string; description?: unknown; labels?: string[] };
      const markdown = adfMarkdown(f.description);
      out.push({
        id: String(issue.id),
        key: String(issue.key),
        url: browseUrl(s.site, String(issue.key)),
        title: f.summary ?? '',
        markdown,
        labels: f.labels ?? [],
        byPuffin: /Exported by Puffin from story/.test(markdown),
      });
    }
    token = page.nextPageToken ?? undefined;
  } while (token && out.length <= MAX_IMPORT);
  return out;
}

export async function importFromJira(o: JiraImportOptions): Promise<TrackerImportResult> {
  const s = await jiraSession(o);
  const issues = await listJiraIssues(s, o.label);
  return importIssues({
    tracker: 'jira',
    site: s.site,
    scope: s.key,
    issues,
    links: o.links ?? storeTrackerLinks(o.projectDir, 'jira', s.site, s.key),
    stories: o.stories,
    ...(o.onChanged ? { onChanged: o.onChanged } : {}),
    ...(o.now ? { now: o.now } : {}),
  });
}
