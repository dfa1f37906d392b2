// GitHub's side of the one upsert (../upsert.ts): reading, creating and updating an issue over REST, finding a
// story's issue again by its marker when the links lost it, and settling a link that has no read-back yet (one
// carried over from the old `.puffin/github/` links, or found by marker) from what the marker says Puffin wrote.
import type { TrackerLink } from '../links';
import { shortHash } from '../links';
import { step, statusOf } from '../session';
import { remoteHashOf, type IssueAdapter, type RemoteIssue } from '../upsert';
import type { GithubSession } from './client';
import { editedElsewhere, normalizeText, readMarker, sameText } from './issueContent';
import { PUFFIN_LABEL } from './repoSetup';

export interface WantedGithubIssue {
  title: string;
  body: string;
  milestone: number;
  /** Who it is for, named in messages: "story S-1". */
  label: string;
}

interface IssueData {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state: string;
  html_url: string;
  pull_request?: unknown;
}

export function wantedGithubHash(w: WantedGithubIssue): string {
  return shortHash([w.title, w.body, w.milestone]);
}

export const numberOf = (key: string): number => Number(key.replace(/^#/, ''));

function remoteOf(i: IssueData): RemoteIssue {
  return {
    id: String(i.id),
    key: `#${i.number}`,
    url: i.html_url,
    title: i.title,
    body: normalizeText(i.body),
    done: i.state === 'closed',
  };
}

const args = (s: GithubSession) => ({ owner: s.repo.owner, repo: s.repo.name });

export async function readGithubIssue(s: GithubSession, key: string): Promise<RemoteIssue | null> {
  try {
    const r = await step(s, `reading issue ${key}`, () =>
      s.octokit.rest.issues.get({ ...args(s), issue_number: numberOf(key) }),
    );
    return remoteOf(r.data as IssueData);
  } catch (err) {
    // Deleted (404) or transferred (410): the story gets a new issue.
    const status = statusOf(err);
    if (status === 404 || status === 410) return null;
    throw err;
  }
}

/** The issue text without Puffin's hidden marker and placeholder: what a sync reads back into a story. */
export function githubMarkdown(body: unknown): string {
  const text = typeof body === 'string' ? body : '';
  return (readMarker(text)?.text ?? text).replace(/^_None yet\._$/m, '');
}

export function githubAdapter(s: GithubSession): IssueAdapter<WantedGithubIssue> {
  return {
    tracker: 'github',
    toMarkdown: githubMarkdown,
    read: (key) => readGithubIssue(s, key),
    async create(w) {
      const r = await step(s, `creating the issue of ${w.label}`, () =>
        s.octokit.rest.issues.create({
          ...args(s),
          title: w.title,
          body: w.body,
          labels: [PUFFIN_LABEL.name],
          milestone: w.milestone,
        }),
      );
      return { id: String(r.data.id), key: `#${r.data.number}`, url: r.data.html_url };
    },
    async update(key, w) {
      await step(s, `updating issue ${key} of ${w.label}`, () =>
        s.octokit.rest.issues.update({
          ...args(s),
          issue_number: numberOf(key),
          title: w.title,
          body: w.body,
          milestone: w.milestone,
        }),
      );
    },
  };
}

/** Issues labelled `puffin`, by the story their marker names: the fallback when the links lost an issue. */
export async function issuesByMarker(s: GithubSession): Promise<Map<string, RemoteIssue>> {
  const list = (await step(s, 'listing issues labelled puffin', () =>
    s.octokit.paginate(s.octokit.rest.issues.listForRepo, {
      ...args(s),
      labels: PUFFIN_LABEL.name,
      state: 'all',
      per_page: 100,
    }),
  )) as IssueData[];
  const out = new Map<string, RemoteIssue>();
  for (const issue of list) {
    const storyId = issue.pull_request ? undefined : readMarker(issue.body)?.storyId;
    // The list is newest first: keep the oldest issue of a story, the one people have been linking to.
    if (storyId) out.set(storyId, remoteOf(issue));
  }
  return out;
}

/** Stands for "edited on GitHub before Puffin kept a read-back": equal to no real read-back's hash. */
const EDITED_BEFORE = shortHash(['edited on GitHub before the links kept a read-back']);

/**
 * A link without a read-back (carried over, or found by marker) gets one from the issue: its text is Puffin's when
 * the marker's hash still matches, else it counts as edited there; and when the issue already says what Puffin
 * wants, nothing is to be sent.
 */
export function settleLink(
  link: TrackerLink,
  issue: RemoteIssue,
  storyId: string,
  wanted: WantedGithubIssue,
): TrackerLink {
  const text = { title: issue.title, body: typeof issue.body === 'string' ? issue.body : '' };
  return {
    ...link,
    remoteHash: editedElsewhere(text, storyId) ? EDITED_BEFORE : remoteHashOf(issue),
    ...(sameText(text, wanted) ? { hash: wantedGithubHash(wanted) } : {}),
  };
}
