// The whole export from a project folder in a real git repository: verify at HEAD, tick what is proven, keep the
// issue numbers in .puffin, tick more after a commit makes a criterion pass, close with the commit named.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import { startMockGithubApi, type MockGithubApi } from '../../../test/support/mockGithubApi';
import { seedSprintStory } from '../../../test/support/proofProject';
import type { GithubError } from './errors';
import { exportSprintToGithub, type GithubExportOptions } from './exportSprint';
import { linksKey } from './issueLinks';

let repo: GitFixture;
let api: MockGithubApi;
let storyId: string;

beforeEach(async () => {
  repo = await createGitFixture('puffin-ghx-');
  api = await startMockGithubApi({ repos: ['octo/app'] });
  ({ storyId } = await seedSprintStory(repo.dir, {
    story: {
      title: 'Export the backlog',
      description: 'As a PM I want a CSV.',
      acceptanceCriteria: ['A module exists', 'It exports toCsv'],
    },
    sprintTitle: 'Export',
    assertions: [
      { id: 'mod', type: 'FILE_EXISTS', target: 'src/csv.ts', message: 'module exists', criterion: 'AC1' },
      {
        id: 'fn',
        type: 'EXPORT_EXISTS',
        target: 'src/csv.ts',
        message: 'exports toCsv',
        criterion: 'AC2',
        assertion: { exports: [{ name: 'toCsv' }] },
      },
    ],
  }));
  await repo.write({ 'src/csv.ts': 'export const version = 1;\n' });
});
afterEach(async () => {
  await api.close();
  await repo.cleanup();
});

function options(over: Partial<GithubExportOptions> = {}): GithubExportOptions {
  return {
    projectDir: repo.dir,
    sprintId: 'sprint-1',
    repo: 'octo/app',
    apiUrl: api.url,
    token: { env: { GITHUB_TOKEN: api.token } },
    rateLimit: { sleep: async () => {} },
    ...over,
  };
}

describe('exportSprintToGithub', () => {
  it('ticks only proven criteria, keeps the number in .puffin, ticks more after a fixing commit, closes with the commit', async () => {
    await repo.commit('module without toCsv');
    const first = await exportSprintToGithub(options());
    expect(first.issues).toEqual([expect.objectContaining({ storyId, number: 1, action: 'created' })]);
    expect(first.tokenSource).toBe('GITHUB_TOKEN');
    const issue = api.repo('octo/app').issues[0]!;
    expect(issue.body).toContain('- [x] A module exists\n- [ ] It exports toCsv\n');
    const saved = JSON.parse(
      await readFile(
        path.join(repo.dir, '.puffin', 'github', `${linksKey({ owner: 'octo', name: 'app' }, api.url)}.json`),
        'utf8',
      ),
    ) as { issues: Record<string, { number: number }> };
    expect(saved.issues[storyId]?.number).toBe(1);

    expect((await exportSprintToGithub(options())).issues[0]!.action).toBe('unchanged');

    await repo.write({ 'src/csv.ts': 'export function toCsv() { return ""; }\n' });
    const fixed = await repo.commit('add toCsv');
    const second = await exportSprintToGithub(options());
    expect(second.issues.map((i) => [i.number, i.action])).toEqual([[1, 'updated']]);
    expect(issue.body).toContain('- [x] A module exists\n- [x] It exports toCsv\n');
    expect(issue.state).toBe('open');

    const third = await exportSprintToGithub(options({ closeVerified: true }));
    expect(third.commit).toBe(fixed);
    expect(issue.state).toBe('closed');
    expect(api.repo('octo/app').comments.map((c) => c.body)).toEqual([
      `Verified by Puffin at commit ${fixed}: every assertion of story \`${storyId}\` passes.`,
    ]);
    expect(api.repo('octo/app').issues).toHaveLength(1);
  });

  it('an unreadable link file stops the export with store_unreadable; the next run finds the issues by marker', async () => {
    await repo.commit('module');
    await exportSprintToGithub(options());
    const key = linksKey({ owner: 'octo', name: 'app' }, api.url);
    await writeFile(path.join(repo.dir, '.puffin', 'github', `${key}.json`), '{broken');
    const err = await exportSprintToGithub(options()).catch((e: unknown) => e);
    expect((err as { code: string }).code).toBe('store_unreadable');
    expect((err as Error).message).toContain('kept aside as .puffin/github/');
    const again = await exportSprintToGithub(options());
    expect(again.issues.map((i) => [i.number, i.action])).toEqual([[1, 'unchanged']]);
    expect(api.repo('octo/app').issues).toHaveLength(1);
  });

  it('without a token it stops before calling GitHub, with github_no_token', async () => {
    const err = await exportSprintToGithub(
      options({ token: { env: {}, gh: async () => ({ exitCode: 4, stdout: '' }) } }),
    ).catch((e: unknown) => e);
    expect((err as GithubError).code).toBe('github_no_token');
    expect(api.requests).toEqual([]);
  });

  it('an unknown sprint is a typed not_found', async () => {
    const err = await exportSprintToGithub(options({ sprintId: 'nope' })).catch((e: unknown) => e);
    expect((err as { code: string }).code).toBe('not_found');
  });
});
