// The Jira export from a project in a real git repository to the loopback Jira Cloud API, through jira.js: the Epic
// first, Stories under it, ticks only where assertions pass, links in .puffin/trackers, reruns that update and
// never duplicate, done through a transition, and typed failures for what Jira refuses.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockJiraApi, type MockJiraApi } from '../../../../test/support/mockJiraApi';
import { createTrackerProject, type TrackerProject } from '../../../../test/support/trackerProject';
import { storeTrackerLinks, trackerLinksKey } from '../links';
import { exportSprintToJira, type JiraExportOptions } from './exportJira';

let project: TrackerProject;
let repo: TrackerProject['repo'];
let api: MockJiraApi;
let storyId: string;
let waits: [number, string][];

beforeEach(async () => {
  project = await createTrackerProject('puffin-jira-');
  ({ repo, storyId } = project);
  api = await startMockJiraApi({ projects: ['PUF'] });
  waits = [];
});
afterEach(async () => {
  await api.close();
  await repo.cleanup();
});

function options(over: Partial<JiraExportOptions> = {}): JiraExportOptions {
  return {
    projectDir: repo.dir,
    sprintId: 'sprint-1',
    site: api.url,
    key: 'PUF',
    env: { JIRA_EMAIL: api.email, JIRA_API_TOKEN: api.token },
    budget: { sleep: async () => {}, onWait: (ms, why) => void waits.push([ms, why]) },
    ...over,
  };
}

/** The task items of an issue's ADF description: [text, state]. */
function tasks(key: string): [string, string][] {
  const doc = api.issue(key).fields.description as { content: { type: string; content?: unknown[] }[] };
  const list = doc.content.find((n) => n.type === 'taskList') as
    { content: { attrs: { state: string }; content: { text: string }[] }[] } | undefined;
  return (list?.content ?? []).map((i) => [i.content[0]!.text, i.attrs.state]);
}

describe('exportSprintToJira', () => {
  it('creates the Epic first, then a Story under it, ticks only proven criteria, and a rerun changes nothing', async () => {
    const first = await exportSprintToJira(options());
    expect(first.container).toEqual({ key: 'PUF-1', url: `${api.url}/browse/PUF-1`, action: 'created' });
    expect(first.issues).toEqual([
      { storyId, key: 'PUF-2', url: `${api.url}/browse/PUF-2`, action: 'created' },
    ]);
    const creates = api.writes().filter((r) => r.path === '/rest/api/3/issue');
    const types = creates.map(
      (r) => (r.body as { fields: { issuetype: { id: string } } }).fields.issuetype.id,
    );
    // Epic (10001) first, then Story (10003) although Task comes before it in the create metadata.
    expect(types).toEqual(['10001', '10003']);
    expect(api.issue('PUF-2').fields.parent).toEqual({ key: 'PUF-1' });
    expect(api.issue('PUF-2').fields.summary).toBe('Export the backlog');
    expect(tasks('PUF-2')).toEqual([
      ['A module exists', 'DONE'],
      ['It exports toCsv', 'TODO'],
    ]);
    const file = path.join(
      repo.dir,
      '.puffin',
      'trackers',
      `${trackerLinksKey('jira', api.url, 'PUF')}.json`,
    );
    const saved = JSON.parse(await readFile(file, 'utf8')) as {
      issues: Record<string, { key: string }>;
      containers: Record<string, { key: string }>;
    };
    expect(saved.issues[storyId]?.key).toBe('PUF-2');
    expect(saved.containers['sprint-1']?.key).toBe('PUF-1');

    const writesBefore = api.writes().length;
    const again = await exportSprintToJira(options());
    expect(again.container.action).toBe('unchanged');
    expect(again.issues.map((i) => [i.key, i.action])).toEqual([['PUF-2', 'unchanged']]);
    expect(api.writes()).toHaveLength(writesBefore);
    expect(api.state.issues).toHaveLength(2);
  });

  it('ticks a criterion on the next export once its assertions pass, and --close-verified moves it to Done', async () => {
    await exportSprintToJira(options());
    await project.proveAll();
    const second = await exportSprintToJira(options());
    expect(second.issues.map((i) => [i.key, i.action])).toEqual([['PUF-2', 'updated']]);
    expect(tasks('PUF-2')).toEqual([
      ['A module exists', 'DONE'],
      ['It exports toCsv', 'DONE'],
    ]);
    expect(api.issue('PUF-2').fields.status.name).toBe('To Do');
    const third = await exportSprintToJira(options({ closeVerified: true }));
    expect(third.issues[0]!.action).toBe('updated');
    expect(api.issue('PUF-2').fields.status.statusCategory.key).toBe('done');
    expect(api.state.issues).toHaveLength(2);
  });

  it('leaves an issue edited in Jira as it is and says so; a deleted issue is created again', async () => {
    await exportSprintToJira(options());
    api.issue('PUF-2').fields.summary = 'Export the backlog (edited in Jira)';
    await project.proveAll();
    const r = await exportSprintToJira(options());
    expect(r.issues[0]!.action).toBe('unchanged');
    expect(r.warnings.join('\n')).toContain('PUF-2 (story');
    expect(api.issue('PUF-2').fields.summary).toBe('Export the backlog (edited in Jira)');
    expect(tasks('PUF-2')[1]).toEqual(['It exports toCsv', 'TODO']);

    api.state.issues.splice(
      api.state.issues.findIndex((i) => i.key === 'PUF-2'),
      1,
    );
    const again = await exportSprintToJira(options());
    expect(again.issues.map((i) => [i.key, i.action])).toEqual([['PUF-3', 'created']]);
    expect(again.warnings.join('\n')).toContain('PUF-2 (story');
  });
});

describe('exportSprintToJira: cancelled', () => {
  it('stops before its next request once cancelled; the rerun continues without duplicates', async () => {
    const controller = new AbortController();
    const store = storeTrackerLinks(repo.dir, 'jira', api.url, 'PUF');
    const links = {
      load: () => store.load(),
      // Cancelled as soon as the Epic's link is kept: nothing after it is sent.
      save: async (l: Parameters<typeof store.save>[0]) => {
        await store.save(l);
        controller.abort();
      },
    };
    const err = await exportSprintToJira(options({ signal: controller.signal, links })).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'cancelled' });
    expect(api.state.issues.map((i) => i.key)).toEqual(['PUF-1']);
    const r = await exportSprintToJira(options());
    expect(r.container).toMatchObject({ key: 'PUF-1', action: 'unchanged' });
    expect(r.issues.map((i) => [i.key, i.action])).toEqual([['PUF-2', 'created']]);
    expect(api.state.issues).toHaveLength(2);
  });
});

describe('exportSprintToJira: what Jira refuses', () => {
  it('waits out a 429 with Retry-After and a 500 once within one retry budget', async () => {
    api.failNext({ method: 'POST', path: /\/issue$/, status: 429, headers: { 'retry-after': '7' } });
    api.failNext({ method: 'GET', path: /\/project\//, status: 500 });
    const r = await exportSprintToJira(options());
    expect(r.issues).toHaveLength(1);
    expect(waits.map(([, why]) => why).sort()).toEqual(['rate limit', 'server error']);
    expect(waits.find(([, why]) => why === 'rate limit')![0]).toBe(7000);
    expect(api.state.issues).toHaveLength(2);
  });

  it('stops with tracker_rate_limited when the budget is spent, and the rerun continues without duplicates', async () => {
    for (let i = 0; i < 3; i++)
      api.failNext({ method: 'POST', path: /\/issue$/, status: 429, headers: { 'retry-after': '1' } });
    const err = await exportSprintToJira(options({ budget: { left: 2, sleep: async () => {} } })).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'tracker_rate_limited', details: { retryAfterSeconds: 1 } });
    const r = await exportSprintToJira(options());
    expect(r.issues.map((i) => i.action)).toEqual(['created']);
    expect(api.state.issues).toHaveLength(2);
  });

  it('bad credentials are tracker_unauthorized naming the variables; none at all stop before any request', async () => {
    const err = await exportSprintToJira(
      options({ env: { JIRA_EMAIL: api.email, JIRA_API_TOKEN: 'wrong' } }),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'tracker_unauthorized', details: { status: 401 } });
    expect((err as Error).message).toContain('JIRA_API_TOKEN');
    const before = api.requests.length;
    const none = await exportSprintToJira(options({ env: {} })).catch((e: unknown) => e);
    expect(none).toMatchObject({ code: 'tracker_no_credentials' });
    expect(api.requests).toHaveLength(before);
  });

  it('an unknown project key is tracker_not_found naming it', async () => {
    const err = await exportSprintToJira(options({ key: 'NOPE' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'tracker_not_found', details: { status: 404 } });
    expect((err as Error).message).toContain('NOPE');
  });

  it('a field the project refuses is tracker_refused, the field named', async () => {
    api.state.refusedFields.add('labels');
    const err = await exportSprintToJira(options()).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'tracker_refused',
      details: { status: 400, fields: { labels: expect.any(String) } },
    });
    expect((err as Error).message).toContain('field “labels”');
    expect(api.state.issues).toHaveLength(0);
  });
});
