// Sync against the loopback Jira and Linear APIs through their official clients: an edit made in the tracker
// comes back to its story when Puffin's copy did not change; both changed is a conflict with nothing overwritten,
// settled by keep-mine or take-theirs; the tracker's done state is shown next to Puffin's verdict.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockJiraApi, type MockJiraApi } from '../../../test/support/mockJiraApi';
import { startMockLinearApi, type MockLinearApi } from '../../../test/support/mockLinearApi';
import { createTrackerProject, type TrackerProject } from '../../../test/support/trackerProject';
import { StoriesRepo } from '../store/storiesRepo';
import { StoryVersionLog } from '../store/storyVersions';
import { trackerLinksByStory } from '../verify/trackerLinks';
import { exportPlace } from './exportPlace';
import { exportSprintToJira } from './jira/exportJira';
import { syncSprintWithJira, type JiraSyncOptions } from './jira/syncJira';
import { exportSprintToLinear } from './linear/exportLinear';
import { syncSprintWithLinear } from './linear/syncLinear';

let project: TrackerProject;
let repo: StoriesRepo;

beforeEach(async () => {
  project = await createTrackerProject('puffin-sync-');
  repo = new StoriesRepo(path.join(project.repo.dir, '.puffin'));
});
afterEach(() => project.repo.cleanup());

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const task = (text: string, state = 'TODO') => ({
  type: 'taskItem',
  attrs: { localId: text, state },
  content: [{ type: 'text', text }],
});

describe('sync with Jira', () => {
  let api: MockJiraApi;
  beforeEach(async () => {
    api = await startMockJiraApi({ projects: ['PUF'] });
  });
  afterEach(() => api.close());

  const base = () => ({
    projectDir: project.repo.dir,
    sprintId: 'sprint-1',
    site: api.url,
    key: 'PUF',
    env: { JIRA_EMAIL: api.email, JIRA_API_TOKEN: api.token },
  });
  const sync = (over: Partial<JiraSyncOptions> = {}) => syncSprintWithJira({ ...base(), repo, ...over });
  /** What a person does in Jira: new summary, text and criteria. */
  const editInJira = () => {
    const f = api.issue('PUF-2').fields;
    f.summary = 'Export the backlog as CSV';
    f.description = {
      type: 'doc',
      version: 1,
      content: [
        para('As a PM I want a CSV file.'),
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Acceptance criteria' }] },
        {
          type: 'taskList',
          attrs: { localId: 'l' },
          content: [task('A module exists', 'DONE'), task('It exports toCsv'), task('Headers come first')],
        },
      ],
    };
  };

  it('brings a Jira edit back to the story when Puffin’s copy did not change, then is quiet', async () => {
    await exportSprintToJira(base());
    expect((await sync()).stories.map((s) => s.action)).toEqual(['unchanged']);
    editInJira();
    const r = await sync();
    expect(r.stories).toEqual([
      expect.objectContaining({
        storyId: project.storyId,
        key: 'PUF-2',
        action: 'pulled',
        trackerDone: false,
        verdict: 'failing',
      }),
    ]);
    expect(r.conflicts).toEqual([]);
    const story = (await repo.list())[0]!;
    expect(story).toMatchObject({
      title: 'Export the backlog as CSV',
      description: 'As a PM I want a CSV file.',
      acceptanceCriteria: ['A module exists', 'It exports toCsv', 'Headers come first'],
    });
    const kept = (await new StoryVersionLog(repo).list(project.storyId)).versions;
    expect(kept.map((v) => [v.kind, v.by, v.title])).toEqual([
      ['synced', 'Jira PUF-2', 'Export the backlog'],
    ]);
    expect((await sync()).stories.map((s) => s.action)).toEqual(['unchanged']);
    // The next export writes the pulled story with Puffin's ticks; the issue and the story agree again.
    const again = await exportSprintToJira(base());
    expect(again.issues[0]!.action).toBe('updated');
    expect(api.issue('PUF-2').fields.summary).toBe('Export the backlog as CSV');
  });

  it('both changed: a conflict with both texts and nothing overwritten; take-theirs then settles it', async () => {
    await exportSprintToJira(base());
    editInJira();
    await repo.update(project.storyId, { title: 'Export the backlog (Puffin’s edit)' });
    const r = await sync();
    expect(r.stories.map((s) => s.action)).toEqual(['conflict']);
    expect(r.conflicts).toEqual([
      expect.objectContaining({
        storyId: project.storyId,
        key: 'PUF-2',
        puffin: expect.objectContaining({ title: 'Export the backlog (Puffin’s edit)' }),
        tracker: expect.objectContaining({ title: 'Export the backlog as CSV' }),
      }),
    ]);
    expect((await repo.list())[0]!.title).toBe('Export the backlog (Puffin’s edit)');
    expect(api.issue('PUF-2').fields.summary).toBe('Export the backlog as CSV');
    // An export leaves the edited issue alone too.
    const exported = await exportSprintToJira(base());
    expect(exported.issues[0]!.action).toBe('unchanged');
    expect(api.issue('PUF-2').fields.summary).toBe('Export the backlog as CSV');

    const taken = await sync({ resolve: [{ storyId: project.storyId, keep: 'tracker' }] });
    expect(taken.stories.map((s) => s.action)).toEqual(['taken']);
    expect((await repo.list())[0]!.title).toBe('Export the backlog as CSV');
    expect((await sync()).conflicts).toEqual([]);
  });

  it('keep-mine sets the tracker’s edit aside: the next export writes Puffin’s story over it', async () => {
    await exportSprintToJira(base());
    editInJira();
    await repo.update(project.storyId, { title: 'Puffin’s title' });
    const kept = await sync({ resolve: [{ storyId: project.storyId, keep: 'puffin' }] });
    expect(kept.stories.map((s) => s.action)).toEqual(['kept']);
    expect((await exportSprintToJira(base())).issues[0]!.action).toBe('updated');
    expect(api.issue('PUF-2').fields.summary).toBe('Puffin’s title');
  });

  it('shows a close made in Jira next to Puffin’s verdict, which stays what the assertions say', async () => {
    await exportSprintToJira(base());
    api.issue('PUF-2').fields.status = { id: '10002', name: 'Done', statusCategory: { key: 'done' } };
    const r = await sync();
    expect(r.stories[0]).toMatchObject({ action: 'unchanged', trackerDone: true, verdict: 'failing' });
    const url = `${api.url}/browse/PUF-2`;
    expect((await trackerLinksByStory(project.repo.dir))[project.storyId]).toEqual({
      key: 'PUF-2',
      url,
      done: true,
    });
    // Reopened there: the Board's line follows at the next sync.
    api.issue('PUF-2').fields.status = { id: '10000', name: 'To Do', statusCategory: { key: 'new' } };
    expect((await sync()).stories[0]).toMatchObject({ trackerDone: false, verdict: 'failing' });
    expect((await trackerLinksByStory(project.repo.dir))[project.storyId]).toEqual({
      key: 'PUF-2',
      url,
      done: false,
    });
  });

  it('finds where the sprint was exported; a sprint never exported is tracker_not_found', async () => {
    await expect(exportPlace(project.repo.dir, 'jira', 'sprint-1')).rejects.toMatchObject({
      code: 'tracker_not_found',
    });
    await exportSprintToJira(base());
    expect(await exportPlace(project.repo.dir, 'jira', 'sprint-1')).toEqual({ site: api.url, scope: 'PUF' });
  });
});

describe('sync with Linear', () => {
  let api: MockLinearApi;
  beforeEach(async () => {
    api = await startMockLinearApi({ teams: ['ENG'] });
  });
  afterEach(() => api.close());

  it('brings a markdown edit made in Linear back to the story', async () => {
    const base = {
      projectDir: project.repo.dir,
      sprintId: 'sprint-1',
      team: 'ENG',
      apiUrl: api.url,
      env: { LINEAR_API_KEY: api.apiKey },
    };
    await exportSprintToLinear(base);
    api.issue('ENG-2').description = api
      .issue('ENG-2')
      .description.replace('- [ ] It exports toCsv', '- [ ] It exports toCsv with headers');
    const r = await syncSprintWithLinear({ ...base, repo });
    expect(r.stories.map((s) => s.action)).toEqual(['pulled']);
    expect((await repo.list())[0]!.acceptanceCriteria).toEqual([
      'A module exists',
      'It exports toCsv with headers',
    ]);
    expect((await repo.list())[0]!.description).toBe('As a PM I want a CSV.');
  });
});
