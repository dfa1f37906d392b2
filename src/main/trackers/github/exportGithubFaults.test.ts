// What GitHub refuses, through @octokit/rest against the loopback API: rate limits waited out within the one retry
// budget (403 with x-ratelimit-reset, 429 with retry-after), too long a wait stopped with when to come back, and the
// typed errors of 401, 404 and 422 saying what to do.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockGithubApi, type MockGithubApi } from '../../../../test/support/mockGithubApi';
import {
  createTrackerProject,
  githubTarget,
  type TrackerProject,
} from '../../../../test/support/trackerProject';
import { exportSprintToGithub, type GithubExportOptions } from './exportGithub';

let project: TrackerProject;
let api: MockGithubApi;
let waits: [number, string][];

beforeEach(async () => {
  project = await createTrackerProject('puffin-ghf-');
  api = await startMockGithubApi({ repos: ['octo/app'] });
  waits = [];
});
afterEach(async () => {
  await api.close();
  await project.repo.cleanup();
});

function options(over: Partial<GithubExportOptions> = {}): GithubExportOptions {
  return {
    ...githubTarget(project, api),
    budget: { sleep: async () => {}, onWait: (ms, why) => void waits.push([ms, why]) },
    ...over,
  };
}

describe('exportSprintToGithub: what GitHub refuses', () => {
  it('waits out a primary (403, x-ratelimit-reset) and a secondary (429, retry-after) rate limit and a 500', async () => {
    api.rateLimitNext({ kind: 'primary', resetInSeconds: 30 });
    api.rateLimitNext({ kind: 'secondary', status: 429, resetInSeconds: 7 });
    api.failNext({ method: 'POST', path: /\/issues$/, status: 502 });
    const r = await exportSprintToGithub(options());
    expect(r.issues[0]!.action).toBe('created');
    expect(waits.map(([, why]) => why)).toEqual(['rate limit', 'rate limit', 'server error']);
    expect(waits[0]![0]).toBeGreaterThan(29_000);
    expect(waits[0]![0]).toBeLessThanOrEqual(31_000);
    expect(waits[1]![0]).toBe(7000);
    expect(api.repo('octo/app').issues).toHaveLength(1);
  });

  it('a rate limit too long to wait is tracker_rate_limited with when to try again, after no wait', async () => {
    api.rateLimitNext({ kind: 'primary', resetInSeconds: 3600 });
    const err = await exportSprintToGithub(options()).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'tracker_rate_limited', details: { tracker: 'github' } });
    expect((err as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds).toBeGreaterThan(
      3590,
    );
    expect((err as Error).message).toMatch(/allows requests again in \d+ s \(at \d{4}-/);
    expect(waits).toEqual([]);
  });

  it('a bad token is tracker_unauthorized naming GITHUB_TOKEN; an unknown repository tracker_not_found before any write', async () => {
    const bad = await exportSprintToGithub(options({ token: { env: { GITHUB_TOKEN: 'ghp_wrong' } } })).catch(
      (e: unknown) => e,
    );
    expect(bad).toMatchObject({ code: 'tracker_unauthorized', details: { status: 401 } });
    expect((bad as Error).message).toContain('401 Bad credentials');
    expect((bad as Error).message).toContain('GITHUB_TOKEN');
    const nope = await exportSprintToGithub(options({ repo: 'octo/nope' })).catch((e: unknown) => e);
    expect(nope).toMatchObject({ code: 'tracker_not_found' });
    expect((nope as Error).message).toContain('There is no repository octo/nope');
    expect(api.writes()).toEqual([]);
  });

  it('a field GitHub refuses (422) is tracker_refused naming it', async () => {
    api.failNext({
      method: 'POST',
      path: /\/issues$/,
      status: 422,
      body: {
        message: 'Validation Failed',
        errors: [{ resource: 'Issue', field: 'title', code: 'custom', message: 'title is too long' }],
      },
    });
    const err = await exportSprintToGithub(options()).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'tracker_refused',
      details: { status: 422, fields: { 'Issue.title': 'title is too long' } },
    });
    expect((err as Error).message).toMatch(
      /^GitHub refused creating the issue of story .* field “Issue.title”/,
    );
  });

  it('without a token it stops before calling GitHub, with github_no_token', async () => {
    const err = await exportSprintToGithub(
      options({ token: { env: {}, gh: async () => ({ exitCode: 4, stdout: '' }) } }),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'github_no_token' });
    expect(api.requests).toEqual([]);
  });
});
