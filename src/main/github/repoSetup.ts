// What the export needs in the repository before any issue: the repository itself (a 404 here is the typed
// github_repo_not_found), the `puffin` label and one milestone per sprint.
import type { GithubClient } from './client';
import { GithubError, isHttpFailure, toGithubError } from './errors';
import type { GithubLinks } from './issueLinks';
import { repoName, type RepoRef } from './repoRef';

export const PUFFIN_LABEL = {
  name: 'puffin',
  color: '1f6feb',
  description: 'Exported by Puffin from a user story',
};

export interface Session {
  octokit: GithubClient;
  repo: RepoRef;
  apiUrl: string;
}

/** Runs one API call; any failure becomes a GithubError saying what was being done. */
export async function step<T>(s: Session, doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toGithubError(err, { repo: repoName(s.repo), apiUrl: s.apiUrl, doing });
  }
}

function status(err: unknown): number | null {
  if (err instanceof GithubError) return typeof err.details?.status === 'number' ? err.details.status : null;
  return isHttpFailure(err) ? err.status : null;
}

export async function checkRepo(s: Session): Promise<void> {
  try {
    await step(s, `reading ${repoName(s.repo)}`, () =>
      s.octokit.rest.repos.get({ owner: s.repo.owner, repo: s.repo.name }),
    );
  } catch (err) {
    if (status(err) !== 404) throw err;
    throw new GithubError(
      'github_repo_not_found',
      `There is no repository ${repoName(s.repo)} at ${s.apiUrl}, or the token cannot see it. Check --repo, ` +
        '--api-url for GitHub Enterprise, and that the token has access to it.',
      { repo: repoName(s.repo), apiUrl: s.apiUrl, status: 404 },
    );
  }
}

export async function ensureLabel(s: Session): Promise<void> {
  const args = { owner: s.repo.owner, repo: s.repo.name };
  try {
    await step(s, 'reading the puffin label', () =>
      s.octokit.rest.issues.getLabel({ ...args, name: PUFFIN_LABEL.name }),
    );
    return;
  } catch (err) {
    if (status(err) !== 404) throw err;
  }
  try {
    await step(s, 'creating the puffin label', () =>
      s.octokit.rest.issues.createLabel({ ...args, ...PUFFIN_LABEL }),
    );
  } catch (err) {
    // Created meanwhile by another export: what we wanted.
    if (!(err instanceof GithubError && err.code === 'github_validation')) throw err;
  }
}

/**
 * The sprint's milestone: the one recorded for it when it still exists, else an existing milestone titled after the
 * sprint that no other sprint claimed, else a new one (titled with the sprint id when the title is taken).
 */
export async function ensureMilestone(
  s: Session,
  links: GithubLinks,
  sprint: { id: string; title: string },
): Promise<{ number: number; title: string }> {
  const args = { owner: s.repo.owner, repo: s.repo.name };
  const all = await step(s, 'listing milestones', () =>
    s.octokit.paginate(s.octokit.rest.issues.listMilestones, { ...args, state: 'all', per_page: 100 }),
  );
  const recorded = links.milestones[sprint.id];
  const alive = recorded && all.find((m) => m.number === recorded.number);
  if (alive) return { number: alive.number, title: alive.title };
  const claimed = new Set(
    Object.entries(links.milestones)
      .filter(([id]) => id !== sprint.id)
      .map(([, m]) => m.number),
  );
  const base = sprint.title.trim() || sprint.id;
  const same = all.find((m) => m.title === base && !claimed.has(m.number));
  if (same) return { number: same.number, title: same.title };
  const title = all.some((m) => m.title === base) ? `${base} (${sprint.id})` : base;
  const created = await step(s, `creating the milestone “${title}”`, () =>
    s.octokit.rest.issues.createMilestone({ ...args, title, description: `Puffin sprint ${sprint.id}` }),
  );
  return { number: created.data.number, title: created.data.title };
}
