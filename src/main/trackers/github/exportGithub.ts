// `puffin github export`: one issue per sprint story in the sprint's milestone, labelled `puffin`, its criteria a
// task list ticked only where their assertions pass now, through the trackers' one upsert (links in
// .puffin/trackers, the old .puffin/github links carried over). A story whose link was lost is found again by the
// marker in its issue. Text edited on GitHub is left alone unless asked; verified stories' issues may be closed with
// a comment naming the commit.
import type { GithubExportResult } from '../../../shared/ipc/trackerChannels';
import type { VerifySource } from '../../verify/verifyProject';
import { shortHash, storeTrackerLinks, type TrackerLink, type TrackerLinksStore } from '../links';
import type { RetryBudget } from '../retry';
import { step } from '../session';
import { loadSprintForTracker, storyHashOf, type TrackerStory } from '../sprintStories';
import { upsertIssue, type RemoteIssue } from '../upsert';
import { githubSession, type GithubSession } from './client';
import { issueText } from './issueContent';
import {
  githubAdapter,
  issuesByMarker,
  numberOf,
  readGithubIssue,
  settleLink,
  wantedGithubHash,
  type WantedGithubIssue,
} from './issues';
import { withLegacyLinks } from './legacyLinks';
import { repoName } from './repoRef';
import { checkRepo, ensureLabel, ensureMilestone } from './repoSetup';
import type { TokenSources } from './token';

export interface GithubExportOptions {
  projectDir: string;
  sprintId: string;
  /** OWNER/NAME */
  repo: string;
  apiUrl?: string;
  closeVerified?: boolean;
  /** Replace text edited on GitHub (the result still warns about each one). */
  overwriteEdited?: boolean;
  token?: TokenSources;
  budget?: Partial<RetryBudget>;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Overrides for tests. */
  links?: TrackerLinksStore;
  verifySource?: VerifySource;
  now?: () => Date;
}

/** Where a story's GitHub links live: the trackers' record of the repository, with the old links carried over. */
export function githubLinks(projectDir: string, s: GithubSession): TrackerLinksStore {
  return withLegacyLinks(
    storeTrackerLinks(projectDir, 'github', s.site, repoName(s.repo)),
    projectDir,
    s.repo,
    s.site,
  );
}

function closingComment(commit: string | null, storyId: string): string {
  const where = commit ? `commit ${commit}` : 'the current tree (not a git repository)';
  return `Verified by Puffin at ${where}: every assertion of story \`${storyId}\` passes.`;
}

async function closeIssue(s: GithubSession, key: string, comment: string): Promise<void> {
  const at = { owner: s.repo.owner, repo: s.repo.name, issue_number: numberOf(key) };
  await step(s, `commenting on issue ${key}`, () =>
    s.octokit.rest.issues.createComment({ ...at, body: comment }),
  );
  await step(s, `closing issue ${key}`, () =>
    s.octokit.rest.issues.update({ ...at, state: 'closed', state_reason: 'completed' }),
  );
}

/** Stands for "found by its marker": equal to no hash of what the export wants, so the issue is compared first. */
const FOUND = shortHash(['found by its marker']);

/** The story's link, or one made from the issue its marker names; without a read-back, settled from the issue. */
async function linkOf(
  s: GithubSession,
  story: TrackerStory,
  link: TrackerLink | undefined,
  found: () => Promise<Map<string, RemoteIssue>>,
  wanted: WantedGithubIssue,
  now: () => Date,
): Promise<TrackerLink | undefined> {
  if (link?.remoteHash !== undefined) return link;
  const issue = link ? await readGithubIssue(s, link.key) : ((await found()).get(story.id) ?? null);
  if (!issue) return link;
  const base: TrackerLink = link ?? {
    id: issue.id,
    key: issue.key,
    url: issue.url,
    exportedAt: now().toISOString(),
    hash: FOUND,
    origin: 'export',
  };
  return settleLink(base, issue, story.id, wanted);
}

export async function exportSprintToGithub(o: GithubExportOptions): Promise<GithubExportResult> {
  const now = o.now ?? (() => new Date());
  const s = await githubSession(o);
  const { sprint, stories, commit } = await loadSprintForTracker(o.projectDir, o.sprintId, o.verifySource);
  await checkRepo(s);
  const store = o.links ?? githubLinks(o.projectDir, s);
  const links = await store.load();
  await ensureLabel(s);
  const milestone = await ensureMilestone(s, links, sprint);
  const previous = links.containers[sprint.id];
  const milestoneHash = shortHash([milestone.number, milestone.title]);
  links.containers[sprint.id] = {
    id: String(milestone.number),
    key: milestone.title,
    url: milestone.url,
    exportedAt: previous?.hash === milestoneHash ? previous.exportedAt : now().toISOString(),
    hash: milestoneHash,
    origin: 'export',
  };
  await store.save(links);
  const warnings: string[] = [];
  let byMarker: Promise<Map<string, RemoteIssue>> | null = null;
  const found = () => (byMarker ??= issuesByMarker(s));
  const adapter = githubAdapter(s);
  const issues: GithubExportResult['issues'] = [];
  for (const story of stories) {
    const wanted: WantedGithubIssue = {
      ...issueText(story, sprint.title),
      milestone: milestone.number,
      label: `story ${story.id}`,
    };
    const link = await linkOf(s, story, links.issues[story.id], found, wanted, now);
    const up = await upsertIssue(adapter, link, wanted, wantedGithubHash(wanted), wanted.label, {
      now,
      warnings,
      storyHash: storyHashOf(story),
      overwriteEdited: o.overwriteEdited ?? false,
      onLink: async (l) => {
        links.issues[story.id] = l;
        await store.save(links);
      },
    });
    let action = up.action;
    let closed = up.issue.done;
    if (o.closeVerified && story.verified && !closed) {
      await closeIssue(s, up.link.key, closingComment(commit, story.id));
      if (action === 'unchanged') action = 'updated';
      closed = true;
    }
    if (story.regressed && closed)
      warnings.push(
        `Issue ${up.link.key} is closed but story ${story.id} has regressed; reopen it on GitHub if it matters.`,
      );
    links.issues[story.id] = { ...up.link, remoteDone: closed };
    issues.push({
      storyId: story.id,
      number: numberOf(up.link.key),
      key: up.link.key,
      url: up.link.url,
      action,
    });
    o.onProgress?.(issues.length, stories.length);
  }
  // What GitHub says of each issue's state, for the Board.
  await store.save(links);
  return {
    tracker: 'github',
    site: s.site,
    scope: repoName(s.repo),
    repo: repoName(s.repo),
    commit,
    container: { key: milestone.title, url: milestone.url, action: previous ? 'unchanged' : 'created' },
    milestone: { number: milestone.number, title: milestone.title },
    issues,
    warnings,
  };
}
