// The tracker commands end to end through the CLI face (root, dispatcher, one-object output) on a real git fixture
// project, against the loopback GitHub, Jira and Linear APIs.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockGithubApi, type MockGithubApi } from '../../../test/support/mockGithubApi';
import { startMockJiraApi, type MockJiraApi } from '../../../test/support/mockJiraApi';
import { startMockLinearApi, type MockLinearApi } from '../../../test/support/mockLinearApi';
import { createTrackerProject, type TrackerProject } from '../../../test/support/trackerProject';
import { runPuffin } from '../../../test/support/cli/inProcessCli';
import { StoriesRepo } from '../../main/store/storiesRepo';

let project: TrackerProject;
let userData: string;

const puffin = (argv: string[], extra: Record<string, string>) =>
  runPuffin(argv, { env: { PUFFIN_USER_DATA: userData, PATH: '', ...extra }, cwd: project.repo.dir });

beforeEach(async () => {
  project = await createTrackerProject('puffin-cli-trackers-');
  userData = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-trackers-user-'));
});
afterEach(async () => {
  await project.repo.cleanup();
  await rm(userData, { recursive: true, force: true });
});

describe('puffin jira export', () => {
  let api: MockJiraApi;
  beforeEach(async () => {
    api = await startMockJiraApi({ projects: ['PUF'] });
  });
  afterEach(() => api.close());
  const argv = () => [
    'jira',
    'export',
    '--project',
    project.repo.dir,
    '--sprint',
    'sprint-1',
    '--site',
    api.url,
    '--key',
    'PUF',
  ];

  it('data.issues lists {storyId, key, url, action}; a rerun is unchanged', async () => {
    const creds = { JIRA_EMAIL: api.email, JIRA_API_TOKEN: api.token };
    const first = await puffin(argv(), creds);
    expect(first.code).toBe(0);
    expect((first.out.data as { issues: unknown }).issues).toEqual([
      { storyId: project.storyId, key: 'PUF-2', url: `${api.url}/browse/PUF-2`, action: 'created' },
    ]);
    const again = await puffin(argv(), creds);
    expect((again.out.data as { issues: { action: string }[] }).issues[0]!.action).toBe('unchanged');
  });

  it('jira import makes a backlog story of an issue not created by Puffin, and skips the ones it exported', async () => {
    const creds = { JIRA_EMAIL: api.email, JIRA_API_TOKEN: api.token };
    await puffin(argv(), creds);
    api.state.issues.push({
      ...api.issue('PUF-2'),
      id: '30000',
      key: 'PUF-9',
      fields: { ...api.issue('PUF-2').fields, summary: 'Written by a person', labels: [], description: null },
    });
    const r = await puffin(
      ['jira', 'import', '--project', project.repo.dir, '--site', api.url, '--key', 'PUF'],
      creds,
    );
    expect(r.code).toBe(0);
    const imported = (r.out.data as { stories: { key: string; action: string }[] }).stories;
    expect(imported.map((s) => [s.key, s.action])).toEqual([['PUF-9', 'created']]);
  });

  it('a refused token is the typed tracker_unauthorized with the headless advice', async () => {
    const r = await puffin(argv(), { JIRA_EMAIL: api.email, JIRA_API_TOKEN: 'nope' });
    expect(r.code).toBe(1);
    expect(r.out.error).toMatchObject({ code: 'tracker_unauthorized' });
    expect((r.out.error as { message: string }).message).toContain('JIRA_API_TOKEN');
  });
});

describe('puffin linear export', () => {
  let api: MockLinearApi;
  beforeEach(async () => {
    api = await startMockLinearApi({ teams: ['ENG'] });
  });
  afterEach(() => api.close());

  it('data.issues lists the sub-issue of each story', async () => {
    const r = await puffin(
      [
        'linear',
        'export',
        '--project',
        project.repo.dir,
        '--sprint',
        'sprint-1',
        '--team',
        'ENG',
        '--api-url',
        api.url,
      ],
      { LINEAR_API_KEY: api.apiKey },
    );
    expect(r.code).toBe(0);
    expect((r.out.data as { issues: unknown }).issues).toEqual([
      {
        storyId: project.storyId,
        key: 'ENG-2',
        url: 'https://linear.app/mock/issue/ENG-2',
        action: 'created',
      },
    ]);
  });
});

describe('puffin github sync', () => {
  let api: MockGithubApi;
  beforeEach(async () => {
    api = await startMockGithubApi({ repos: ['octo/app'] });
  });
  afterEach(() => api.close());

  it('finds the repository the sprint was exported to; both sides changed is a conflict in meta.conflicts', async () => {
    const token = { GITHUB_TOKEN: api.token };
    const at = ['--project', project.repo.dir, '--sprint', 'sprint-1'];
    const exported = await puffin(
      ['github', 'export', ...at, '--repo', 'octo/app', '--api-url', api.url],
      token,
    );
    expect(exported.code).toBe(0);
    const issue = api.repo('octo/app').issues[0]!;
    issue.title = 'Renamed on GitHub';
    const pulled = await puffin(['github', 'sync', ...at], token);
    expect(pulled.code).toBe(0);
    expect((pulled.out.data as { stories: { action: string }[] }).stories[0]!.action).toBe('pulled');
    expect(pulled.out.meta).toEqual({ conflicts: [] });
    // The text the sync replaced is kept, and put back on request.
    const story = ['--project', project.repo.dir, '--story', project.storyId];
    const versions = await puffin(['stories', 'versions', ...story], {});
    expect((versions.out.data as { versions: { number: number; title: string }[] }).versions).toEqual([
      expect.objectContaining({ number: 1, kind: 'synced', by: 'GitHub #1', title: 'Export the backlog' }),
    ]);
    const restored = await puffin(['stories', 'restore-version', ...story, '--version', '1'], {});
    expect(restored.code).toBe(0);
    expect((restored.out.data as { title: string }).title).toBe('Export the backlog');
    issue.title = 'Renamed again on GitHub';
    await new StoriesRepo(path.join(project.repo.dir, '.puffin')).update(project.storyId, { title: 'Mine' });
    const clash = await puffin(['github', 'sync', ...at], token);
    expect((clash.out.meta as { conflicts: { key: string }[] }).conflicts.map((c) => c.key)).toEqual(['#1']);
    expect(issue.title).toBe('Renamed again on GitHub');
  });
});
