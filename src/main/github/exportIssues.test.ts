// The export engine driven through the real @octokit/rest client against the loopback GitHub API in test/support.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockGithubApi, type MockGithubApi } from '../../../test/support/mockGithubApi';
import { createGithubClient } from './client';
import { GithubError } from './errors';
import { exportIssues, type ExportRequest, type ExportStory } from './exportIssues';
import { emptyLinks, type GithubLinks, type LinksStore } from './issueLinks';
import { readMarker } from './issueContent';

const REPO = { owner: 'octo', name: 'app' };
const COMMIT = 'e'.repeat(40);

let api: MockGithubApi;
let links: GithubLinks;
let waits: number[];
const store: LinksStore = {
  load: async () => structuredClone(links),
  save: async (l) => {
    links = structuredClone(l);
  },
};

function story(id: string, proven: boolean[], extra: Partial<ExportStory> = {}): ExportStory {
  return {
    id,
    title: `Story ${id}`,
    description: `As a user I want ${id}.`,
    criteria: proven.map((p, i) => ({ text: `Criterion ${i + 1} of ${id}`, proven: p })),
    verified: proven.length > 0 && proven.every(Boolean),
    regressed: false,
    ...extra,
  };
}

function request(
  stories: ExportStory[],
  over: Partial<ExportRequest> = {},
  token = api.token,
): ExportRequest {
  const octokit = createGithubClient({
    token,
    apiUrl: api.url,
    rateLimit: { maxWaitMs: 120_000, now: () => Date.now(), sleep: async (ms) => void waits.push(ms) },
  });
  return {
    session: { octokit, repo: REPO, apiUrl: api.url },
    links: store,
    sprint: { id: 'sprint-1', title: 'Settings' },
    stories,
    commit: COMMIT,
    ...over,
  };
}

beforeEach(async () => {
  api = await startMockGithubApi({ repos: ['octo/app'] });
  links = emptyLinks(REPO, api.url);
  waits = [];
});
afterEach(() => api.close());

describe('exportIssues', () => {
  it('creates one issue per story with its criteria as a task list, the puffin label and the sprint milestone', async () => {
    const result = await exportIssues(request([story('s1', [true, false]), story('s2', [])]));
    const gh = api.repo('octo/app');
    expect(result.issues).toEqual([
      { storyId: 's1', number: 1, url: 'https://github.com/octo/app/issues/1', action: 'created' },
      { storyId: 's2', number: 2, url: 'https://github.com/octo/app/issues/2', action: 'created' },
    ]);
    expect(result.milestone).toEqual({ number: 1, title: 'Settings' });
    const [first] = gh.issues;
    expect(first!.title).toBe('Story s1');
    expect(first!.body).toContain(
      'As a user I want s1.\n\n## Acceptance criteria\n\n- [x] Criterion 1 of s1\n- [ ] Criterion 2 of s1\n',
    );
    expect(readMarker(first!.body)?.storyId).toBe('s1');
    expect(first!.labels.map((l) => l.name)).toEqual(['puffin']);
    expect(first!.milestone?.title).toBe('Settings');
    expect(gh.labels.get('puffin')?.color).toBe('1f6feb');
    expect(links.issues.s1).toMatchObject({ number: 1, url: 'https://github.com/octo/app/issues/1' });
    expect(links.milestones['sprint-1']).toEqual({ number: 1, title: 'Settings' });
    expect(api.requests.every((r) => r.authorization === `token ${api.token}`)).toBe(true);
  });

  it('a rerun with no change writes nothing and reports every issue unchanged', async () => {
    await exportIssues(request([story('s1', [true, false])]));
    const before = api.writes().length;
    const again = await exportIssues(request([story('s1', [true, false])]));
    expect(again.issues.map((i) => [i.number, i.action])).toEqual([[1, 'unchanged']]);
    expect(api.writes().length).toBe(before);
    expect(api.repo('octo/app').issues).toHaveLength(1);
  });

  it('a rerun after a criterion starts passing ticks its box in the same issue', async () => {
    await exportIssues(request([story('s1', [true, false])]));
    const again = await exportIssues(request([story('s1', [true, true])]));
    expect(again.issues.map((i) => [i.number, i.action])).toEqual([[1, 'updated']]);
    const issue = api.repo('octo/app').issues[0]!;
    expect(issue.body).toContain('- [x] Criterion 1 of s1\n- [x] Criterion 2 of s1\n');
    expect(api.repo('octo/app').issues).toHaveLength(1);
    expect(issue.state).toBe('open');
  });

  it('--close-verified closes a verified story’s issue with a comment naming the commit', async () => {
    await exportIssues(request([story('s1', [true]), story('s2', [false])]));
    const result = await exportIssues(
      request([story('s1', [true]), story('s2', [false])], { closeVerified: true }),
    );
    expect(result.issues.map((i) => i.action)).toEqual(['updated', 'unchanged']);
    const gh = api.repo('octo/app');
    expect(gh.issues.map((i) => [i.state, i.state_reason])).toEqual([
      ['closed', 'completed'],
      ['open', null],
    ]);
    expect(gh.comments).toEqual([
      expect.objectContaining({
        issueNumber: 1,
        body: expect.stringContaining(`commit ${COMMIT}`) as unknown,
      }),
    ]);
  });

  it('does not overwrite an issue edited on GitHub, and says so; --overwrite-edited replaces it, saying so', async () => {
    await exportIssues(request([story('s1', [false])]));
    const issue = api.repo('octo/app').issues[0]!;
    issue.body = issue.body!.replace('As a user', 'As an admin');
    const kept = await exportIssues(request([story('s1', [true])]));
    expect(kept.issues[0]!.action).toBe('unchanged');
    expect(kept.warnings).toEqual([expect.stringMatching(/^Issue #1 \(story s1\) was edited on GitHub/)]);
    expect(issue.body).toContain('As an admin');
    expect(issue.body).toContain('- [ ] Criterion 1 of s1');

    const replaced = await exportIssues(request([story('s1', [true])], { overwriteEdited: true }));
    expect(replaced.issues[0]!.action).toBe('updated');
    expect(replaced.warnings).toEqual([
      expect.stringMatching(/had been edited on GitHub; its text was replaced/),
    ]);
    expect(issue.body).toContain('- [x] Criterion 1 of s1');
  });

  it('finds its issues again by their marker when .puffin lost the numbers, instead of opening duplicates', async () => {
    await exportIssues(request([story('s1', [false])]));
    links = emptyLinks(REPO, api.url);
    const again = await exportIssues(request([story('s1', [false])]));
    expect(again.issues.map((i) => [i.number, i.action])).toEqual([[1, 'unchanged']]);
    expect(api.repo('octo/app').issues).toHaveLength(1);
    expect(links.issues.s1?.number).toBe(1);
  });

  it('waits out a primary rate limit (403, x-ratelimit-reset) and a secondary one (429, retry-after)', async () => {
    api.rateLimitNext({ kind: 'primary', resetInSeconds: 30 });
    api.rateLimitNext({ kind: 'secondary', status: 429, resetInSeconds: 7 });
    const result = await exportIssues(request([story('s1', [false])]));
    expect(result.issues[0]!.action).toBe('created');
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(29_000);
    expect(waits[0]).toBeLessThanOrEqual(31_000);
    expect(waits[1]).toBe(7000);
  });

  it('reports a rate limit too long to wait with when to try again', async () => {
    api.rateLimitNext({ kind: 'primary', resetInSeconds: 3600 });
    const err = await exportIssues(request([story('s1', [false])])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GithubError);
    expect((err as GithubError).code).toBe('github_rate_limited');
    expect((err as GithubError).details?.retryAfterSeconds).toBeGreaterThan(3590);
    expect((err as GithubError).message).toMatch(/allows requests again in \d+ s \(at \d{4}-/);
    expect(waits).toEqual([]);
  });

  it('types a bad token as github_unauthorized (401)', async () => {
    const err = await exportIssues(request([story('s1', [false])], {}, 'ghp_wrong')).catch((e: unknown) => e);
    expect((err as GithubError).code).toBe('github_unauthorized');
    expect((err as GithubError).message).toContain('401 Bad credentials');
  });

  it('types an unknown repository as github_repo_not_found (404) before writing anything', async () => {
    const req = request([story('s1', [false])]);
    const err = await exportIssues({
      ...req,
      session: { ...req.session, repo: { owner: 'octo', name: 'nope' } },
    }).catch((e: unknown) => e);
    expect((err as GithubError).code).toBe('github_repo_not_found');
    expect((err as GithubError).message).toContain('There is no repository octo/nope');
    expect(api.writes()).toEqual([]);
  });

  it('types a validation failure as github_validation (422) with GitHub’s field errors', async () => {
    api.failNext({
      method: 'POST',
      path: /\/issues$/,
      status: 422,
      body: {
        message: 'Validation Failed',
        errors: [{ resource: 'Issue', field: 'title', code: 'custom', message: 'title is too long' }],
        documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
      },
    });
    const err = await exportIssues(request([story('s1', [false])])).catch((e: unknown) => e);
    expect((err as GithubError).code).toBe('github_validation');
    expect((err as GithubError).message).toBe(
      'GitHub rejected creating the issue of story s1 as invalid (422 Validation Failed: Issue.title: title is too long).',
    );
  });

  it('opens a new issue when the linked one was deleted, and warns', async () => {
    await exportIssues(request([story('s1', [false])]));
    links.issues.s1 = { ...links.issues.s1!, number: 99 };
    const again = await exportIssues(request([story('s1', [false])]));
    expect(again.issues[0]!.action).toBe('created');
    expect(again.warnings[0]).toMatch(/^Issue #99 of story s1 is gone from GitHub/);
  });
});
