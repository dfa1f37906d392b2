// Sync against the loopback GitHub API through @octokit/rest: an edit made on GitHub comes back to its story when
// Puffin's copy did not change; both changed is a conflict with nothing overwritten; a close on GitHub is shown next
// to Puffin's verdict; without --repo the sync finds where the sprint was exported.
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startMockGithubApi, type MockGithubApi } from '../../../../test/support/mockGithubApi';
import {
  createTrackerProject,
  githubTarget,
  type TrackerProject,
} from '../../../../test/support/trackerProject';
import { StoriesRepo } from '../../store/storiesRepo';
import { StoryVersionLog } from '../../store/storyVersions';
import { exportPlace } from '../exportPlace';
import { exportSprintToGithub } from './exportGithub';
import { syncSprintWithGithub, type GithubSyncOptions } from './syncGithub';

let project: TrackerProject;
let api: MockGithubApi;
let stories: StoriesRepo;

beforeEach(async () => {
  project = await createTrackerProject('puffin-ghs-');
  api = await startMockGithubApi({ repos: ['octo/app'] });
  stories = new StoriesRepo(path.join(project.repo.dir, '.puffin'));
});
afterEach(async () => {
  await api.close();
  await project.repo.cleanup();
});

const base = () => githubTarget(project, api);
const sync = (over: Partial<GithubSyncOptions> = {}) => syncSprintWithGithub({ ...base(), stories, ...over });
const issue = () => api.repo('octo/app').issues[0]!;

/** What a person does on GitHub: a new title, text and one more criterion (the hidden marker stays). */
function editOnGithub(): void {
  issue().title = 'Export the backlog as CSV';
  issue().body = issue()
    .body!.replace('As a PM I want a CSV.', 'As a PM I want a CSV file.')
    .replace('- [ ] It exports toCsv', '- [ ] It exports toCsv\n- [ ] Headers come first');
}

it('brings a GitHub edit back to the story when Puffin’s copy did not change, then is quiet', async () => {
  await exportSprintToGithub(base());
  expect((await sync()).stories.map((s) => s.action)).toEqual(['unchanged']);
  editOnGithub();
  const r = await sync();
  expect(r).toMatchObject({ tracker: 'github', scope: 'octo/app', conflicts: [] });
  expect(r.stories).toEqual([
    expect.objectContaining({
      storyId: project.storyId,
      key: '#1',
      action: 'pulled',
      verdict: 'failing',
      previous: { version: 1, title: 'Export the backlog' },
    }),
  ]);
  expect((await stories.list())[0]).toMatchObject({
    title: 'Export the backlog as CSV',
    description: 'As a PM I want a CSV file.',
    acceptanceCriteria: ['A module exists', 'It exports toCsv', 'Headers come first'],
  });
  expect((await sync()).stories.map((s) => s.action)).toEqual(['unchanged']);
  // The text the story had before the sync is kept, and can be put back.
  const log = new StoryVersionLog(stories);
  expect((await log.list(project.storyId)).versions).toEqual([
    expect.objectContaining({
      number: 1,
      kind: 'synced',
      by: 'GitHub #1',
      title: 'Export the backlog',
      description: 'As a PM I want a CSV.',
      acceptanceCriteria: ['A module exists', 'It exports toCsv'],
    }),
  ]);
  const again = await exportSprintToGithub(base());
  expect(again.issues[0]!.action).toBe('updated');
  expect(issue().title).toBe('Export the backlog as CSV');
  expect(api.repo('octo/app').issues).toHaveLength(1);
});

it('both changed: a conflict with both texts, nothing overwritten on either side', async () => {
  await exportSprintToGithub(base());
  editOnGithub();
  await stories.update(project.storyId, { title: 'Export the backlog (Puffin’s edit)' });
  const r = await sync();
  expect(r.stories.map((s) => s.action)).toEqual(['conflict']);
  expect(r.conflicts).toEqual([
    expect.objectContaining({
      key: '#1',
      puffin: expect.objectContaining({ title: 'Export the backlog (Puffin’s edit)' }),
      tracker: expect.objectContaining({ title: 'Export the backlog as CSV' }),
    }),
  ]);
  expect((await stories.list())[0]?.title).toBe('Export the backlog (Puffin’s edit)');
  expect(issue().title).toBe('Export the backlog as CSV');
  expect((await new StoryVersionLog(stories).list(project.storyId)).versions).toEqual([]);
});

it('a close on GitHub is shown next to the verdict, which stays what the assertions say; the place is found', async () => {
  await exportSprintToGithub(base());
  issue().state = 'closed';
  const r = await sync();
  expect(r.stories).toEqual([
    expect.objectContaining({ action: 'unchanged', trackerDone: true, verdict: 'failing' }),
  ]);
  expect(await exportPlace(project.repo.dir, 'github', 'sprint-1')).toEqual({
    site: api.url,
    scope: 'octo/app',
  });
});
