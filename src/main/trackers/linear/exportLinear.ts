// `puffin linear export`: the sprint becomes a parent issue labelled `puffin`, each story a sub-issue (parentId)
// whose markdown ticks only proven criteria. Links in .puffin/trackers make a rerun update the same issues;
// --close-verified moves verified stories to the team's completed state.
import type { VerifySource } from '../../verify/verifyProject';
import { TrackerError } from '../errors';
import { storeTrackerLinks, type TrackerLink, type TrackerLinksStore } from '../links';
import { retryBudget, type RetryBudget } from '../retry';
import { loadSprintForTracker, storyHashOf } from '../sprintStories';
import type { TrackerExportResult, TrackerIssueResult } from '../types';
import { upsertIssue } from '../upsert';
import { createLinearClient, LINEAR_API_URL, linearFailure, type LinearClient } from './client';
import { linearAdapter, updateLinearIssue, wantedLinearHash, type WantedLinearIssue } from './issues';
import { sprintMarkdown, storyMarkdown, titleOf } from './markdown';
import { completedState, ensureLabel, readTeam, type LinearSession } from './team';

export interface LinearExportOptions {
  projectDir: string;
  sprintId: string;
  team: string;
  apiUrl?: string;
  closeVerified?: boolean;
  env: Readonly<Record<string, string | undefined>>;
  storedKey?: string;
  budget?: Partial<RetryBudget>;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  links?: TrackerLinksStore;
  verifySource?: VerifySource;
  client?: LinearClient;
  now?: () => Date;
}

export async function linearSession(
  o: Pick<LinearExportOptions, 'team' | 'apiUrl' | 'env' | 'storedKey' | 'budget' | 'signal' | 'client'>,
): Promise<LinearSession> {
  const apiUrl = (o.apiUrl ?? LINEAR_API_URL).replace(/\/+$/, '');
  const apiKey = o.env.LINEAR_API_KEY?.trim() || o.storedKey?.trim();
  if (!apiKey)
    throw new TrackerError(
      'tracker_no_credentials',
      'No Linear API key: set LINEAR_API_KEY (Linear → Settings → Security & access → Personal API keys), or enter it in Settings.',
      { tracker: 'linear', missing: ['LINEAR_API_KEY'] },
    );
  return {
    tracker: 'linear',
    site: apiUrl,
    team: o.team,
    credentials: 'LINEAR_API_KEY (a personal API key with write access to the team)',
    budget: retryBudget(o.budget),
    failure: linearFailure,
    client: o.client ?? (await createLinearClient(apiKey, apiUrl)),
    ...(o.signal ? { signal: o.signal } : {}),
  };
}

export async function exportSprintToLinear(o: LinearExportOptions): Promise<TrackerExportResult> {
  const now = o.now ?? (() => new Date());
  const s = await linearSession(o);
  const { sprint, stories, commit } = await loadSprintForTracker(o.projectDir, o.sprintId, o.verifySource);
  const team = await readTeam(s);
  const labelId = await ensureLabel(s, team.id);
  const store = o.links ?? storeTrackerLinks(o.projectDir, 'linear', s.site, team.key);
  const links = await store.load();
  const warnings: string[] = [];
  const adapter = linearAdapter(s);
  const ctx = (put: (link: TrackerLink) => void, storyHash?: string) => ({
    now,
    warnings,
    ...(storyHash ? { storyHash } : {}),
    onLink: async (link: TrackerLink) => {
      put(link);
      await store.save(links);
    },
  });

  const parentWanted: WantedLinearIssue = {
    title: titleOf(sprint.title, sprint.id),
    description: sprintMarkdown(sprint, stories.length),
    teamId: team.id,
    labelIds: [labelId],
    label: `the parent issue of sprint ${sprint.id}`,
  };
  const parent = await upsertIssue(
    adapter,
    links.containers[sprint.id],
    parentWanted,
    wantedLinearHash(parentWanted),
    parentWanted.label,
    ctx((link) => (links.containers[sprint.id] = link)),
  );

  const done = completedState(team);
  const issues: TrackerIssueResult[] = [];
  for (const story of stories) {
    const wanted: WantedLinearIssue = {
      title: titleOf(story.title, story.id),
      description: storyMarkdown(story, sprint.title),
      teamId: team.id,
      labelIds: [labelId],
      parentId: parent.link.id,
      label: `story ${story.id}`,
    };
    const up = await upsertIssue(
      adapter,
      links.issues[story.id],
      wanted,
      wantedLinearHash(wanted),
      wanted.label,
      ctx((link) => (links.issues[story.id] = link), storyHashOf(story)),
    );
    let action = up.action;
    let closed = up.issue.done;
    if (o.closeVerified && story.verified && !up.issue.done) {
      if (done) {
        await updateLinearIssue(
          s,
          up.link.key,
          { stateId: done.id },
          `moving ${up.link.key} to ${done.name}`,
        );
        if (action === 'unchanged') action = 'updated';
        closed = true;
      } else warnings.push(`Team ${team.key} has no completed state; ${up.link.key} was left as it is.`);
    }
    if (story.regressed && up.issue.done)
      warnings.push(
        `${up.link.key} is completed in Linear but story ${story.id} has regressed; reopen it if it matters.`,
      );
    links.issues[story.id] = { ...up.link, remoteDone: closed };
    issues.push({ storyId: story.id, key: up.link.key, url: up.link.url, action });
    o.onProgress?.(issues.length, stories.length);
  }
  // What the tracker says of each issue's state, for the Board.
  await store.save(links);
  return {
    tracker: 'linear',
    site: s.site,
    scope: team.key,
    commit,
    container: { key: parent.link.key, url: parent.link.url, action: parent.action },
    issues,
    warnings,
  };
}
