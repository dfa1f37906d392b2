// Test connection against each loopback API through its official client: who the credentials belong to and the
// place reached, or the typed error an export would give.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockGithubApi, type MockGithubApi } from '../../../test/support/mockGithubApi';
import { startMockJiraApi, type MockJiraApi } from '../../../test/support/mockJiraApi';
import { startMockLinearApi, type MockLinearApi } from '../../../test/support/mockLinearApi';
import { testConnection } from './testConnection';

let jira: MockJiraApi;
let linear: MockLinearApi;
let github: MockGithubApi;
beforeAll(async () => {
  [jira, linear, github] = await Promise.all([
    startMockJiraApi({ projects: ['PUF'] }),
    startMockLinearApi({ teams: ['ENG'] }),
    startMockGithubApi({ repos: ['octo/app'] }),
  ]);
});
afterAll(() => Promise.all([jira.close(), linear.close(), github.close()]));

describe('testConnection', () => {
  it('Jira: the account and the project, or tracker_not_found for a wrong key', async () => {
    const env = { JIRA_EMAIL: jira.email, JIRA_API_TOKEN: jira.token };
    expect(await testConnection({ tracker: 'jira', site: jira.url, key: 'PUF', env })).toEqual({
      tracker: 'jira',
      account: 'Mock User',
      place: 'PUF (Project PUF)',
    });
    await expect(testConnection({ tracker: 'jira', site: jira.url, key: 'NOPE', env })).rejects.toMatchObject(
      {
        code: 'tracker_not_found',
      },
    );
  });

  it('Linear: the account and the team, or tracker_unauthorized for a wrong key', async () => {
    expect(
      await testConnection({
        tracker: 'linear',
        team: 'ENG',
        apiUrl: linear.url,
        env: { LINEAR_API_KEY: linear.apiKey },
      }),
    ).toEqual({ tracker: 'linear', account: 'Mock User', place: 'ENG' });
    await expect(
      testConnection({
        tracker: 'linear',
        team: 'ENG',
        apiUrl: linear.url,
        env: { LINEAR_API_KEY: 'lin_api_bad' },
      }),
    ).rejects.toMatchObject({ code: 'tracker_unauthorized' });
  });

  it('GitHub: the repository with the token, or tracker_not_found naming it', async () => {
    const env = { GITHUB_TOKEN: github.token };
    expect(await testConnection({ tracker: 'github', repo: 'octo/app', apiUrl: github.url, env })).toEqual({
      tracker: 'github',
      account: 'token from GITHUB_TOKEN',
      place: 'octo/app',
    });
    await expect(
      testConnection({ tracker: 'github', repo: 'octo/nope', apiUrl: github.url, env }),
    ).rejects.toMatchObject({
      code: 'tracker_not_found',
      details: { tracker: 'github', what: 'the repository octo/nope' },
    });
  });
});
