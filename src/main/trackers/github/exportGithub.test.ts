// The GitHub export from a project in a real git repository to the loopback GitHub REST API, through
// @octokit/rest: one issue per story in the sprint's milestone, ticked only where assertions pass, links in
// .puffin/trackers, reruns that update and never duplicate, edits made on GitHub left alone unless asked.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockGithubApi, type MockGithubApi } from '../../../../test/support/mockGithubApi';
import {
  createTrackerProject,
  githubTarget,
  type TrackerProject,
} from '../../../../test/support/trackerProject';
import { exportSprintToGithub, type GithubExportOptions } from './exportGithub';
import { readMarker } from './issueContent';

let project: TrackerProject;
let api: MockGithubApi;

beforeEach(async () => {
  project = await createTrackerProject('puffin-ghx-');
  api = await startMockGithubApi({ repos: ['octo/app'] });
});
afterEach(async () => {
  await api.close();
  await project.repo.cleanup();
});

function ghOptions(
  p: TrackerProject,
  a: MockGithubApi,
  over: Partial<GithubExportOptions> = {},
): GithubExportOptions {
  return {
    ...githubTarget(p, a),
    ...over,
  };
}
const options = (over: Partial<GithubExportOptions> = {}) => ghOptions(project, api, over);
const gh = () => api.repo('octo/app');
const boxes = (n = 0): string[] =>
  gh()
    .issues[n]!.body!.split('\n')
    .filter((l) => /^- \[[ x]\] /.test(l));

describe('exportSprintToGithub', () => {
  it('creates the issue with its label, milestone and ticks; links it in .puffin/trackers; a rerun writes nothing', async () => {
    const first = await exportSprintToGithub(options());
    const url = 'https://github.com/octo/app/issues/1';
    expect(first.issues).toEqual([
      { storyId: project.storyId, number: 1, key: '#1', url, action: 'created' },
    ]);
    expect(first).toMatchObject({
      tracker: 'github',
      repo: 'octo/app',
      milestone: { number: 1, title: 'Export' },
    });
    const issue = gh().issues[0]!;
    expect(issue.labels.map((l) => l.name)).toEqual(['puffin']);
    expect(issue.milestone?.title).toBe('Export');
    expect(boxes()).toEqual(['- [x] A module exists', '- [ ] It exports toCsv']);
    expect(readMarker(issue.body)?.storyId).toBe(project.storyId);
    const dir = path.join(project.repo.dir, '.puffin', 'trackers');
    const [file] = await readdir(dir);
    const saved = JSON.parse(await readFile(path.join(dir, file!), 'utf8')) as {
      tracker: string;
      issues: Record<string, { key: string }>;
      containers: Record<string, { id: string }>;
    };
    expect(saved.tracker).toBe('github');
    expect(saved.issues[project.storyId]?.key).toBe('#1');
    expect(saved.containers['sprint-1']?.id).toBe('1');

    const before = api.writes().length;
    const again = await exportSprintToGithub(options());
    expect(again.issues.map((i) => [i.key, i.action])).toEqual([['#1', 'unchanged']]);
    expect(api.writes()).toHaveLength(before);
    expect(gh().issues).toHaveLength(1);
  });

  it('ticks the box once the criterion passes, in the same issue; --close-verified closes it naming the commit', async () => {
    await exportSprintToGithub(options());
    const fixed = await project.proveAll();
    const second = await exportSprintToGithub(options());
    expect(second.issues.map((i) => [i.number, i.action])).toEqual([[1, 'updated']]);
    expect(boxes()).toEqual(['- [x] A module exists', '- [x] It exports toCsv']);
    expect(gh().issues[0]!.state).toBe('open');
    const third = await exportSprintToGithub(options({ closeVerified: true }));
    expect(third.issues[0]!.action).toBe('updated');
    expect(gh().issues[0]!.state).toBe('closed');
    expect(gh().comments.map((c) => c.body)).toEqual([
      `Verified by Puffin at commit ${fixed}: every assertion of story \`${project.storyId}\` passes.`,
    ]);
    expect(gh().issues).toHaveLength(1);
  });

  it('leaves an issue edited on GitHub alone, saying so; --overwrite-edited replaces it, saying so', async () => {
    await exportSprintToGithub(options());
    const issue = gh().issues[0]!;
    issue.body = issue.body!.replace('As a PM', 'As an admin');
    await project.proveAll();
    const kept = await exportSprintToGithub(options());
    expect(kept.issues[0]!.action).toBe('unchanged');
    expect(kept.warnings).toEqual([expect.stringMatching(/^#1 \(story .*\) was edited in GitHub/)]);
    expect(issue.body).toContain('As an admin');
    expect(issue.body).toContain('- [ ] It exports toCsv');
    const replaced = await exportSprintToGithub(options({ overwriteEdited: true }));
    expect(replaced.issues[0]!.action).toBe('updated');
    expect(replaced.warnings).toEqual([
      expect.stringMatching(/had been edited in GitHub; its text was replaced/),
    ]);
    expect(issue.body).toContain('- [x] It exports toCsv');
    expect(issue.body).toContain('As a PM');
  });

  it('finds its issue again by its marker when the links are lost, instead of opening a duplicate', async () => {
    await exportSprintToGithub(options());
    const dir = path.join(project.repo.dir, '.puffin', 'trackers');
    const { rm } = await import('node:fs/promises');
    await rm(dir, { recursive: true });
    const again = await exportSprintToGithub(options());
    expect(again.issues.map((i) => [i.number, i.action])).toEqual([[1, 'unchanged']]);
    expect(gh().issues).toHaveLength(1);
  });

  it('opens a new issue when the linked one was deleted, and warns', async () => {
    await exportSprintToGithub(options());
    gh().issues.splice(0, 1);
    const again = await exportSprintToGithub(options());
    expect(gh().issues).toHaveLength(1);
    expect(again.issues[0]).toMatchObject({ action: 'created', number: gh().issues[0]!.number });
    expect(again.warnings[0]).toMatch(/^#1 \(story .*\) is gone from GitHub/);
  });
});
