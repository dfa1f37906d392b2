// `puffin jira export`: the sprint becomes an Epic (created first), each story a Story (or the project's standard
// type) whose parent is the Epic, its description an ADF document whose task list ticks only proven criteria.
// Links in .puffin/trackers make a rerun update the same issues; --close-verified moves verified stories to done.
import type { VerifySource } from '../../verify/verifyProject';
import type { TrackerExportResult, TrackerIssueResult } from '../types';
import { storeTrackerLinks, type TrackerLink, type TrackerLinksStore } from '../links';
import { retryBudget, type RetryBudget } from '../retry';
import { loadSprintForTracker, storyHashOf } from '../sprintStories';
import { sprintDocument, storyDocument, summaryOf } from './adf';
import { createJiraClient, jiraFailure, type JiraClient } from './client';
import { normalizeSite, resolveJiraCredentials } from './credentials';
import { upsertIssue } from '../upsert';
import { jiraAdapter, wantedJiraHash, type WantedJiraIssue } from './issues';
import { readProject, transitionToDone, type JiraSession } from './project';

export interface JiraExportOptions {
  projectDir: string;
  sprintId: string;
  site: string;
  /** The Jira project key. */
  key: string;
  closeVerified?: boolean;
  env: Readonly<Record<string, string | undefined>>;
  stored?: { email?: string; apiToken?: string };
  budget?: Partial<RetryBudget>;
  signal?: AbortSignal;
  /** Told as each story is done (the app's progress). */
  onProgress?: (done: number, total: number) => void;
  /** Overrides for tests. */
  links?: TrackerLinksStore;
  verifySource?: VerifySource;
  client?: JiraClient;
  now?: () => Date;
}

export async function jiraSession(
  o: Pick<JiraExportOptions, 'site' | 'key' | 'env' | 'stored' | 'budget' | 'signal' | 'client'>,
): Promise<JiraSession> {
  const site = normalizeSite(o.site);
  const credentials = resolveJiraCredentials(o.env, o.stored);
  return {
    tracker: 'jira',
    site,
    key: o.key,
    credentials: 'JIRA_EMAIL and JIRA_API_TOKEN (an API token of that Atlassian account)',
    budget: retryBudget(o.budget),
    failure: jiraFailure,
    client: o.client ?? (await createJiraClient(site, credentials)),
    ...(o.signal ? { signal: o.signal } : {}),
  };
}

export async function exportSprintToJira(o: JiraExportOptions): Promise<TrackerExportResult> {
  const now = o.now ?? (() => new Date());
  const s = await jiraSession(o);
  const { sprint, stories, commit } = await loadSprintForTracker(o.projectDir, o.sprintId, o.verifySource);
  const project = await readProject(s);
  const store = o.links ?? storeTrackerLinks(o.projectDir, 'jira', s.site, s.key);
  const links = await store.load();
  const warnings: string[] = [];

  const adapter = jiraAdapter(s);
  const ctx = (put: (link: TrackerLink) => void, storyHash?: string) => ({
    now,
    warnings,
    ...(storyHash ? { storyHash } : {}),
    onLink: async (link: TrackerLink) => {
      put(link);
      await store.save(links);
    },
  });
  const epicWanted: WantedJiraIssue = {
    summary: summaryOf(sprint.title, sprint.id),
    description: sprintDocument(sprint, stories.length),
    issueTypeId: project.epicType.id,
    label: `the Epic of sprint ${sprint.id}`,
  };
  const epic = await upsertIssue(
    adapter,
    links.containers[sprint.id],
    epicWanted,
    wantedJiraHash(epicWanted),
    epicWanted.label,
    ctx((link) => (links.containers[sprint.id] = link)),
  );

  const issues: TrackerIssueResult[] = [];
  for (const story of stories) {
    const wanted: WantedJiraIssue = {
      summary: summaryOf(story.title, story.id),
      description: storyDocument(story, sprint.title),
      issueTypeId: project.storyType.id,
      parentKey: epic.link.key,
      label: `story ${story.id}`,
    };
    const up = await upsertIssue(
      adapter,
      links.issues[story.id],
      wanted,
      wantedJiraHash(wanted),
      wanted.label,
      ctx((link) => (links.issues[story.id] = link), storyHashOf(story)),
    );
    let action = up.action;
    let closed = up.issue.done;
    if (o.closeVerified && story.verified && !up.issue.done) {
      if (await transitionToDone(s, up.link.key)) {
        action = action === 'created' ? 'created' : 'updated';
        closed = true;
      } else warnings.push(`${up.link.key} has no transition to a done status; it was left open.`);
    }
    if (story.regressed && up.issue.done)
      warnings.push(
        `${up.link.key} is done in Jira but story ${story.id} has regressed; reopen it if it matters.`,
      );
    links.issues[story.id] = { ...up.link, remoteDone: closed };
    issues.push({ storyId: story.id, key: up.link.key, url: up.link.url, action });
    o.onProgress?.(issues.length, stories.length);
  }
  // What the tracker says of each issue's state, for the Board.
  await store.save(links);
  return {
    tracker: 'jira',
    site: s.site,
    scope: s.key,
    commit,
    container: { key: epic.link.key, url: epic.link.url, action: epic.action },
    issues,
    warnings,
  };
}
