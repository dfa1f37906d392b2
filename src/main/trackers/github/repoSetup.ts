// What the export needs in the repository before any issue: the repository itself (a 404 here names --repo and
// --api-url), the `puffin` label and one milestone per sprint (the sprint's container in the links).
import { TrackerError } from '../errors';
import type { TrackerLinks } from '../links';
import { step, statusOf } from '../session';
import type { GithubSession } from './client';
import { repoName } from './repoRef';

export const PUFFIN_LABEL = {
  name: 'puffin',
  color: '1f6feb',
  description: 'Exported by Puffin from a user story',
};

export interface Milestone {
  number: number;
  title: string;
  url: string;
}

const args = (s: GithubSession) => ({ owner: s.repo.owner, repo: s.repo.name });

export async function checkRepo(s: GithubSession): Promise<void> {
  try {
    await step(s, `reading ${repoName(s.repo)}`, () => s.octokit.rest.repos.get(args(s)));
  } catch (err) {
    if (statusOf(err) !== 404) throw err;
    throw new TrackerError(
      'tracker_not_found',
      `There is no repository ${repoName(s.repo)} at ${s.site}, or the token cannot see it. Check --repo, ` +
        '--api-url for GitHub Enterprise, and that the token has access to it.',
      { tracker: 'github', status: 404, what: `the repository ${repoName(s.repo)}` },
    );
  }
}

export async function ensureLabel(s: GithubSession): Promise<void> {
  try {
    await step(s, 'reading the puffin label', () =>
      s.octokit.rest.issues.getLabel({ ...args(s), name: PUFFIN_LABEL.name }),
    );
    return;
  } catch (err) {
    if (statusOf(err) !== 404) throw err;
  }
  try {
    await step(s, 'creating the puffin label', () =>
      s.octokit.rest.issues.createLabel({ ...args(s), ...PUFFIN_LABEL }),
    );
  } catch (err) {
    // Created meanwhile by another export: what we wanted.
    if (statusOf(err) !== 422) throw err;
  }
}

/**
 * The sprint's milestone: the one recorded for it when it still exists, else an existing milestone titled after the
 * sprint that no other sprint claimed, else a new one (titled with the sprint id when the title is taken).
 */
export async function ensureMilestone(
  s: GithubSession,
  links: TrackerLinks,
  sprint: { id: string; title: string },
): Promise<Milestone> {
  const all = await step(s, 'listing milestones', () =>
    s.octokit.paginate(s.octokit.rest.issues.listMilestones, { ...args(s), state: 'all', per_page: 100 }),
  );
  const of = (m: { number: number; title: string; html_url: string }): Milestone => ({
    number: m.number,
    title: m.title,
    url: m.html_url,
  });
  const recorded = links.containers[sprint.id];
  const alive = recorded && all.find((m) => String(m.number) === recorded.id);
  if (alive) return of(alive);
  const claimed = new Set(
    Object.entries(links.containers)
      .filter(([id]) => id !== sprint.id)
      .map(([, m]) => m.id),
  );
  const base = sprint.title.trim() || sprint.id;
  const same = all.find((m) => m.title === base && !claimed.has(String(m.number)));
  if (same) return of(same);
  const title = all.some((m) => m.title === base) ? `${base} (${sprint.id})` : base;
  const created = await step(s, `creating the milestone “${title}”`, () =>
    s.octokit.rest.issues.createMilestone({ ...args(s), title, description: `Puffin sprint ${sprint.id}` }),
  );
  return of(created.data);
}
