// Import from each tracker's loopback mock through its official client: issues not created by Puffin become
// backlog stories with their criteria, linked in .puffin/trackers; a re-import changes nothing, and an issue
// edited in the tracker updates its story instead of adding a copy.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockGithubApi, type MockGithubApi } from '../../../test/support/mockGithubApi';
import { startMockJiraApi, type MockJiraApi } from '../../../test/support/mockJiraApi';
import { startMockLinearApi, type MockLinearApi } from '../../../test/support/mockLinearApi';
import { StoriesRepo } from '../store/storiesRepo';
import { importFromGithub } from './github/importGithub';
import { importFromJira } from './jira/importJira';
import { importFromLinear } from './linear/importLinear';

let dir: string;
let stories: StoriesRepo;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-import-'));
  stories = new StoriesRepo(path.join(dir, '.puffin'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('importFromJira', () => {
  let api: MockJiraApi;
  beforeEach(async () => {
    api = await startMockJiraApi({ projects: ['PUF'] });
  });
  afterEach(() => api.close());

  const add = (summary: string, content: unknown[], labels: string[] = []) => {
    const n = api.state.issues.length + 1;
    api.state.issues.push({
      id: String(20000 + n),
      key: `PUF-${n}`,
      fields: {
        project: { key: 'PUF' },
        summary,
        description: { type: 'doc', version: 1, content },
        issuetype: { id: '10003', name: 'Story', hierarchyLevel: 0 },
        labels,
        status: { id: '10000', name: 'To Do', statusCategory: { key: 'new' } },
      },
    });
  };

  it('imports task lists and criteria sections, skips Puffin’s issues, and re-imports as updates', async () => {
    add('Pay by card', [
      para('As a buyer I pay by card.'),
      {
        type: 'taskList',
        attrs: { localId: 'a' },
        content: [
          {
            type: 'taskItem',
            attrs: { localId: 'b', state: 'TODO' },
            content: [{ type: 'text', text: 'Card form shows' }],
          },
          {
            type: 'taskItem',
            attrs: { localId: 'c', state: 'DONE' },
            content: [{ type: 'text', text: 'Declines are explained' }],
          },
        ],
      },
    ]);
    add('Refunds', [
      para('Support refunds an order.'),
      { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Acceptance criteria' }] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [para('Refund button on orders')] }] },
    ]);
    add('Exported by Puffin', [para('x')], ['puffin']);
    const opts = {
      projectDir: dir,
      site: api.url,
      key: 'PUF',
      env: { JIRA_EMAIL: api.email, JIRA_API_TOKEN: api.token },
      stories,
    };
    const first = await importFromJira(opts);
    expect(first.stories.map((s) => [s.key, s.action])).toEqual([
      ['PUF-1', 'created'],
      ['PUF-2', 'created'],
    ]);
    const backlog = await stories.list();
    expect(backlog.map((s) => [s.title, s.description, s.acceptanceCriteria])).toEqual([
      ['Pay by card', 'As a buyer I pay by card.', ['Card form shows', 'Declines are explained']],
      ['Refunds', 'Support refunds an order.', ['Refund button on orders']],
    ]);

    const again = await importFromJira(opts);
    expect(again.stories.map((s) => s.action)).toEqual(['unchanged', 'unchanged']);

    api.issue('PUF-2').fields.summary = 'Refunds and partial refunds';
    const third = await importFromJira(opts);
    expect(third.stories.map((s) => s.action)).toEqual(['unchanged', 'updated']);
    const after = await stories.list();
    expect(after).toHaveLength(2);
    expect(after.find((s) => s.id === third.stories[1]!.storyId)?.title).toBe('Refunds and partial refunds');
  });

  it('--label narrows the import to issues with that label', async () => {
    add('Tagged', [para('One.')], ['intake']);
    add('Untagged', [para('Two.')]);
    const r = await importFromJira({
      projectDir: dir,
      site: api.url,
      key: 'PUF',
      label: 'intake',
      env: { JIRA_EMAIL: api.email, JIRA_API_TOKEN: api.token },
      stories,
    });
    expect(r.stories.map((s) => s.key)).toEqual(['PUF-1']);
  });
});

describe('importFromLinear', () => {
  let api: MockLinearApi;
  beforeEach(async () => {
    api = await startMockLinearApi({ teams: ['ENG'] });
  });
  afterEach(() => api.close());

  it('imports the team’s issues with their task lists and updates on re-import', async () => {
    const at = '2026-11-01T00:00:00.000Z';
    const base = { teamId: 'team-1', parentId: null, labelIds: [], stateId: 'team-1-todo', updatedAt: at };
    api.state.issues.push(
      {
        ...base,
        id: 'i1',
        identifier: 'ENG-1',
        number: 1,
        url: 'https://linear.app/mock/issue/ENG-1',
        title: 'Dark mode',
        description: 'Night owls.\n\n- [ ] Toggle in settings\n- [ ] Remembers the choice',
      },
      {
        ...base,
        id: 'i2',
        identifier: 'ENG-2',
        number: 2,
        url: 'https://linear.app/mock/issue/ENG-2',
        title: 'Old',
        description: 'x\n\n_Exported by Puffin from story `s1` (sprint “S”)._',
      },
    );
    const opts = {
      projectDir: dir,
      team: 'ENG',
      apiUrl: api.url,
      env: { LINEAR_API_KEY: api.apiKey },
      stories,
    };
    const first = await importFromLinear(opts);
    expect(first.stories.map((s) => [s.key, s.action])).toEqual([['ENG-1', 'created']]);
    expect((await stories.list())[0]?.acceptanceCriteria).toEqual([
      'Toggle in settings',
      'Remembers the choice',
    ]);
    api.issue('ENG-1').description += '\n- [ ] Follows the system';
    const again = await importFromLinear(opts);
    expect(again.stories.map((s) => s.action)).toEqual(['updated']);
    const backlog = await stories.list();
    expect(backlog).toHaveLength(1);
    expect(backlog[0]?.acceptanceCriteria).toHaveLength(3);
  });
});

describe('importFromGithub', () => {
  let api: MockGithubApi;
  beforeEach(async () => {
    api = await startMockGithubApi({ repos: ['octo/app'] });
  });
  afterEach(() => api.close());

  it('imports open issues without Puffin’s label, and re-imports without copies', async () => {
    const create = (body: object) =>
      fetch(`${api.url}/repos/octo/app/issues`, {
        method: 'POST',
        headers: { authorization: `token ${api.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await create({
      title: 'Search',
      body: 'Find things.\n\n## Acceptance criteria\n- Matches titles\n- Ranks exact first',
    });
    const opts = {
      projectDir: dir,
      repo: 'octo/app',
      apiUrl: api.url,
      token: { env: { GITHUB_TOKEN: api.token } },
      stories,
    };
    const first = await importFromGithub(opts);
    expect(first.stories.map((s) => [s.key, s.action])).toEqual([['#1', 'created']]);
    expect((await stories.list())[0]).toMatchObject({
      title: 'Search',
      description: 'Find things.',
      acceptanceCriteria: ['Matches titles', 'Ranks exact first'],
    });
    const again = await importFromGithub(opts);
    expect(again.stories.map((s) => s.action)).toEqual(['unchanged']);
    expect(await stories.list()).toHaveLength(1);
  });
});
