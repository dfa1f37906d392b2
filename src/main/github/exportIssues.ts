// One issue per sprint story, idempotent: a story's issue is found by the number kept in .puffin (or, when that was
// lost, by the marker in the issues labelled `puffin`), created when there is none, updated when Puffin's text
// changed, left alone when nothing did. Text someone edited on GitHub is not overwritten unless asked, and the
// result says so. Verified stories' issues may be closed with a comment naming the commit.
import { editedElsewhere, issueText, readMarker, sameText, type IssueStory } from './issueContent';
import type { GithubLinks, LinksStore } from './issueLinks';
import { ensureLabel, ensureMilestone, checkRepo, PUFFIN_LABEL, step, type Session } from './repoSetup';
import { GithubError } from './errors';

export interface ExportStory extends IssueStory {
  verified: boolean;
  regressed: boolean;
}

export type IssueAction = 'created' | 'updated' | 'unchanged';

export interface ExportedIssue {
  storyId: string;
  number: number;
  url: string;
  action: IssueAction;
}

export interface ExportRequest {
  session: Session;
  links: LinksStore;
  sprint: { id: string; title: string };
  stories: readonly ExportStory[];
  /** HEAD, named in the closing comment. */
  commit: string | null;
  closeVerified?: boolean;
  /** Replace text edited on GitHub (the result still warns about each one). */
  overwriteEdited?: boolean;
  now?: () => Date;
}

export interface ExportResult {
  issues: ExportedIssue[];
  milestone: { number: number; title: string };
  warnings: string[];
}

interface RemoteIssue {
  number: number;
  title: string;
  body?: string | null;
  state: string;
  html_url: string;
  milestone: { number: number } | null;
  labels: (string | { name?: string })[];
}

function hasPuffinLabel(issue: RemoteIssue): boolean {
  return issue.labels.some((l) => (typeof l === 'string' ? l : l.name) === PUFFIN_LABEL.name);
}

/** Issues labelled `puffin`, by the story their marker names: the fallback when .puffin lost an issue number. */
async function issuesByMarker(s: Session): Promise<Map<string, RemoteIssue>> {
  const list = await step(s, 'listing issues labelled puffin', () =>
    s.octokit.paginate(s.octokit.rest.issues.listForRepo, {
      owner: s.repo.owner,
      repo: s.repo.name,
      labels: PUFFIN_LABEL.name,
      state: 'all',
      per_page: 100,
    }),
  );
  const out = new Map<string, RemoteIssue>();
  for (const issue of list as RemoteIssue[]) {
    const storyId = readMarker(issue.body)?.storyId;
    // The list is newest first: keep the oldest issue of a story, the one people have been linking to.
    if (storyId) out.set(storyId, issue);
  }
  return out;
}

async function fetchIssue(s: Session, number: number): Promise<RemoteIssue | null> {
  try {
    const r = await step(s, `reading issue #${number}`, () =>
      s.octokit.rest.issues.get({ owner: s.repo.owner, repo: s.repo.name, issue_number: number }),
    );
    return r.data as RemoteIssue;
  } catch (err) {
    // Deleted (404) or transferred/disabled (410): the story gets a new issue below.
    if (err instanceof GithubError && (err.details?.status === 404 || err.details?.status === 410))
      return null;
    throw err;
  }
}

function closingComment(commit: string | null, story: ExportStory): string {
  const where = commit ? `commit ${commit}` : 'the current tree (not a git repository)';
  return `Verified by Puffin at ${where}: every assertion of story \`${story.id}\` passes.`;
}

export async function exportIssues(req: ExportRequest): Promise<ExportResult> {
  const s = req.session;
  const now = req.now ?? (() => new Date());
  const args = { owner: s.repo.owner, repo: s.repo.name };
  await checkRepo(s);
  const links: GithubLinks = await req.links.load();
  await ensureLabel(s);
  const milestone = await ensureMilestone(s, links, req.sprint);
  links.milestones[req.sprint.id] = milestone;
  await req.links.save(links);
  const warnings: string[] = [];
  const found = req.stories.some((st) => !links.issues[st.id])
    ? await issuesByMarker(s)
    : new Map<string, RemoteIssue>();
  const issues: ExportedIssue[] = [];

  for (const story of req.stories) {
    const wanted = issueText(story, req.sprint.title);
    const linked = links.issues[story.id];
    let issue = linked ? await fetchIssue(s, linked.number) : (found.get(story.id) ?? null);
    if (linked && !issue)
      warnings.push(
        `Issue #${linked.number} of story ${story.id} is gone from GitHub (deleted or moved); a new one was opened.`,
      );
    if (!issue) {
      const created = await step(s, `creating the issue of story ${story.id}`, () =>
        s.octokit.rest.issues.create({
          ...args,
          ...wanted,
          labels: [PUFFIN_LABEL.name],
          milestone: milestone.number,
        }),
      );
      issue = created.data as RemoteIssue;
      links.issues[story.id] = { number: issue.number, url: issue.html_url, exportedAt: now().toISOString() };
      // Saved at once: an export cut off after this point must not open the same issue again.
      await req.links.save(links);
      issues.push({ storyId: story.id, number: issue.number, url: issue.html_url, action: 'created' });
      continue;
    }

    const patch: {
      title?: string;
      body?: string;
      milestone?: number;
      state?: 'closed';
      state_reason?: 'completed';
    } = {};
    if (!sameText(issue, wanted)) {
      if (!editedElsewhere(issue, story.id) || req.overwriteEdited) Object.assign(patch, wanted);
      if (editedElsewhere(issue, story.id))
        warnings.push(
          req.overwriteEdited
            ? `Issue #${issue.number} (story ${story.id}) had been edited on GitHub; its text was replaced as asked.`
            : `Issue #${issue.number} (story ${story.id}) was edited on GitHub since Puffin wrote it, so its title ` +
                'and text were left as they are (ticks included). Export with --overwrite-edited to replace them.',
        );
    }
    if (issue.milestone?.number !== milestone.number) patch.milestone = milestone.number;
    let changed = false;
    if (!hasPuffinLabel(issue)) {
      await step(s, `labelling issue #${issue.number}`, () =>
        s.octokit.rest.issues.addLabels({
          ...args,
          issue_number: issue!.number,
          labels: [PUFFIN_LABEL.name],
        }),
      );
      changed = true;
    }
    if (req.closeVerified && story.verified && issue.state === 'open') {
      await step(s, `commenting on issue #${issue.number}`, () =>
        s.octokit.rest.issues.createComment({
          ...args,
          issue_number: issue!.number,
          body: closingComment(req.commit, story),
        }),
      );
      Object.assign(patch, { state: 'closed', state_reason: 'completed' });
    }
    if (story.regressed && issue.state === 'closed')
      warnings.push(
        `Issue #${issue.number} is closed but story ${story.id} has regressed; reopen it on GitHub if it matters.`,
      );
    if (Object.keys(patch).length > 0) {
      await step(s, `updating issue #${issue.number} of story ${story.id}`, () =>
        s.octokit.rest.issues.update({ ...args, issue_number: issue!.number, ...patch }),
      );
      changed = true;
    }
    const previous = links.issues[story.id];
    links.issues[story.id] = {
      number: issue.number,
      url: issue.html_url,
      exportedAt: changed || !previous ? now().toISOString() : previous.exportedAt,
    };
    issues.push({
      storyId: story.id,
      number: issue.number,
      url: issue.html_url,
      action: changed ? 'updated' : 'unchanged',
    });
  }
  await req.links.save(links);
  return { issues, milestone, warnings };
}
