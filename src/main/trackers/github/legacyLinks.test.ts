// A project exported before the GitHub export joined the trackers keeps its issue numbers in .puffin/github/: a
// rerun reads them, keeps updating the same issues (even one no longer labelled `puffin`, which the marker search
// would miss) and never opens a duplicate; the links then live in .puffin/trackers/.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startMockGithubApi, type MockGithubApi } from '../../../../test/support/mockGithubApi';
import {
  createTrackerProject,
  githubTarget,
  type TrackerProject,
} from '../../../../test/support/trackerProject';
import { exportSprintToGithub, type GithubExportOptions } from './exportGithub';
import { legacyLinksKey } from './legacyLinks';

let project: TrackerProject;
let api: MockGithubApi;

beforeEach(async () => {
  project = await createTrackerProject('puffin-ghl-');
  api = await startMockGithubApi({ repos: ['octo/app'] });
});
afterEach(async () => {
  await api.close();
  await project.repo.cleanup();
});

const options = (): GithubExportOptions => githubTarget(project, api);

/** Turns this project's links into what the old export wrote: .puffin/github only, no .puffin/trackers. */
async function asOldExport(): Promise<void> {
  const store = path.join(project.repo.dir, '.puffin');
  await rm(path.join(store, 'trackers'), { recursive: true });
  const key = legacyLinksKey({ owner: 'octo', name: 'app' }, api.url);
  await mkdir(path.join(store, 'github'), { recursive: true });
  const old = {
    key,
    version: 1,
    repo: 'octo/app',
    apiUrl: api.url,
    milestones: { 'sprint-1': { number: 1, title: 'Export' } },
    issues: {
      [project.storyId]: {
        number: 1,
        url: 'https://github.com/octo/app/issues/1',
        exportedAt: '2026-01-01T00:00:00.000Z',
      },
    },
  };
  await writeFile(path.join(store, 'github', `${key}.json`), `${JSON.stringify(old, null, 2)}\n`);
}

it('a rerun over the old links updates the same issue, never opens another, and moves the links to .puffin/trackers', async () => {
  await exportSprintToGithub(options());
  await asOldExport();
  const issue = api.repo('octo/app').issues[0]!;
  // Unlabelled since: only the old links can lead the export back to it.
  issue.labels = [];

  const same = await exportSprintToGithub(options());
  expect(same.issues.map((i) => [i.key, i.action])).toEqual([['#1', 'unchanged']]);
  expect(api.repo('octo/app').issues).toHaveLength(1);
  const dir = path.join(project.repo.dir, '.puffin', 'trackers');
  const [file] = await readdir(dir);
  const saved = JSON.parse(await readFile(path.join(dir, file!), 'utf8')) as {
    issues: Record<string, { key: string }>;
  };
  expect(saved.issues[project.storyId]?.key).toBe('#1');

  await project.proveAll();
  const ticked = await exportSprintToGithub(options());
  expect(ticked.issues.map((i) => [i.key, i.action])).toEqual([['#1', 'updated']]);
  expect(issue.body).toContain('- [x] It exports toCsv');
  expect(api.repo('octo/app').issues).toHaveLength(1);
});

it('an issue edited on GitHub before the move is still left alone', async () => {
  await exportSprintToGithub(options());
  await asOldExport();
  const issue = api.repo('octo/app').issues[0]!;
  issue.title = 'Renamed on GitHub';
  await project.proveAll();
  const r = await exportSprintToGithub(options());
  expect(r.issues[0]!.action).toBe('unchanged');
  expect(r.warnings[0]).toMatch(/was edited in GitHub/);
  expect(issue.title).toBe('Renamed on GitHub');
  expect(api.repo('octo/app').issues).toHaveLength(1);
});
