// The proof-of-done commands end to end through the CLI face (root, dispatcher, one-object output) on a real git fixture
// project, the GitHub export against the loopback GitHub API.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import { validateJUnit } from '../../../test/support/junitSchema';
import { startMockGithubApi, type MockGithubApi } from '../../../test/support/mockGithubApi';
import { seedSprintStory } from '../../../test/support/proofProject';
import type { VerifyRunResult } from '../../shared/ipc/proofChannels';
import { runPuffin } from '../../../test/support/cli/inProcessCli';

let repo: GitFixture;
let userData: string;
let storyId: string;

const env = (extra: Record<string, string> = {}) => ({ PUFFIN_USER_DATA: userData, PATH: '', ...extra });
const puffin = (argv: string[], extra: Record<string, string> = {}) =>
  runPuffin(argv, { env: env(extra), cwd: repo.dir });

beforeEach(async () => {
  repo = await createGitFixture('puffin-cli-proof-');
  userData = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-proof-user-'));
  ({ storyId } = await seedSprintStory(repo.dir, {
    story: { title: 'Greets', description: 'Says hello.', acceptanceCriteria: ['Exports greet'] },
    sprintTitle: 'Hello',
    assertions: [
      {
        id: 'greet',
        type: 'PATTERN_MATCH',
        target: 'src/greet.ts',
        message: 'exports greet',
        criterion: 'AC1',
        assertion: { pattern: 'export const greet\\b' },
      },
    ],
  }));
  await repo.write({ 'src/greet.ts': 'export const greet = () => "hi";\n' });
});
afterEach(async () => {
  await repo.cleanup();
  await rm(userData, { recursive: true, force: true });
});

describe('puffin verify', () => {
  it('exits 0 when verified, 1 naming the regression and the commit where it last passed, with JUnit XML', async () => {
    const good = await repo.commit('greet');
    const ok = await puffin(['verify', '--project', repo.dir]);
    expect(ok.code).toBe(0);
    const data = ok.out.data as VerifyRunResult;
    expect(data.stories.map((s) => [s.id, s.status])).toEqual([[storyId, 'verified']]);
    expect(ok.out).toMatchObject({ source: null, warnings: [], meta: {} });

    await repo.write({ 'src/greet.ts': 'export const hello = () => "hi";\n' });
    const broken = await repo.commit('rename greet');
    const bad = await puffin([
      'verify',
      '--project',
      repo.dir,
      '--sprint',
      'sprint-1',
      '--junit',
      'out/junit.xml',
    ]);
    expect(bad.code).toBe(1);
    const failed = bad.out.data as VerifyRunResult;
    expect(failed.commit).toBe(broken);
    expect(failed.stories[0]).toMatchObject({ id: storyId, status: 'regressed' });
    expect(failed.regressions).toEqual([
      expect.objectContaining({ storyId, assertionId: 'greet', lastPassedCommit: good }),
    ]);
    expect(failed.junit).toBe(path.join(repo.dir, 'out', 'junit.xml'));
    const xml = await readFile(failed.junit!, 'utf8');
    expect(validateJUnit(xml).problems).toEqual([]);
    expect(xml).toContain('name="greet: exports greet"');
  });
});

describe('puffin hooks install and ci init', () => {
  it('install once, then report unchanged; a foreign hook is refused with hook_exists', async () => {
    const first = await puffin(['hooks', 'install', '--project', repo.dir]);
    expect(first.code).toBe(0);
    const bin = path.join(path.resolve(__dirname, '..', '..', '..'), 'bin', 'puffin.cjs');
    expect(first.out.data).toEqual({
      path: path.join(repo.dir, '.git', 'hooks', 'pre-push'),
      action: 'created',
      // The store's records merge field by field: the attributes line, and this checkout as the driver.
      mergeDriver: {
        attributes: { path: path.join(repo.dir, '.gitattributes'), action: 'created' },
        driver: `node '${bin}' merge-driver %O %A %B %P`,
      },
    });
    expect(await readFile(path.join(repo.dir, '.gitattributes'), 'utf8')).toBe(
      '.puffin/**/*.json merge=puffin\n',
    );
    expect((await puffin(['hooks', 'install', '--project', repo.dir])).out.data).toMatchObject({
      action: 'unchanged',
      mergeDriver: { attributes: { action: 'unchanged' } },
    });
    await writeFile(path.join(repo.dir, '.git', 'hooks', 'pre-push'), '#!/bin/sh\nexit 0\n');
    const refused = await puffin(['hooks', 'install', '--project', repo.dir]);
    expect(refused.code).toBe(1);
    expect(refused.out.error).toMatchObject({ code: 'hook_exists' });

    // --strict: the hook stops a push when it finds no Puffin.
    await rm(path.join(repo.dir, '.git', 'hooks', 'pre-push'));
    expect((await puffin(['hooks', 'install', '--project', repo.dir, '--strict'])).code).toBe(0);
    const strict = await readFile(path.join(repo.dir, '.git', 'hooks', 'pre-push'), 'utf8');
    expect(strict.trimEnd().split('\n').at(-1)).toBe('exit 1');
  });

  it('ci init pins the workflow to the commit of the Puffin checkout that runs it', async () => {
    const ci = await puffin(['ci', 'init', '--project', repo.dir]);
    expect(ci.code).toBe(0);
    const data = ci.out.data as { path: string; action: string; puffin: { source: string; commit: string } };
    expect(data).toMatchObject({
      path: path.join(repo.dir, '.github', 'workflows', 'puffin-verify.yml'),
      action: 'created',
    });
    expect(data.puffin.commit).toMatch(/^[0-9a-f]{40}$/);
    const workflow = await readFile(data.path, 'utf8');
    expect(workflow).toContain(`PUFFIN_COMMIT: "${data.puffin.commit}"`);
    expect(workflow).toContain(`PUFFIN_SOURCE: ${JSON.stringify(data.puffin.source)}`);
    expect(workflow).not.toContain('npx');
  });
});

describe('puffin github export', () => {
  let api: MockGithubApi;
  const exportArgv = () => [
    'github',
    'export',
    '--project',
    repo.dir,
    '--sprint',
    'sprint-1',
    '--repo',
    'octo/app',
    '--api-url',
    api.url,
  ];
  beforeEach(async () => {
    api = await startMockGithubApi({ repos: ['octo/app'] });
  });
  afterEach(() => api.close());

  it('creates the sprint’s issues, then leaves them unchanged; data.issues lists {storyId, number, key, url, action}', async () => {
    await repo.commit('greet');
    const argv = exportArgv();
    const first = await puffin(argv, { GITHUB_TOKEN: api.token });
    expect(first.code).toBe(0);
    expect((first.out.data as { issues: unknown }).issues).toEqual([
      { storyId, number: 1, key: '#1', url: 'https://github.com/octo/app/issues/1', action: 'created' },
    ]);
    expect(api.repo('octo/app').issues[0]!.body).toContain('- [x] Exports greet');
    const again = await puffin(argv, { GITHUB_TOKEN: api.token });
    expect((again.out.data as { issues: { action: string }[] }).issues[0]!.action).toBe('unchanged');
  });

  it('without GITHUB_TOKEN or gh it is a typed github_no_token', async () => {
    const r = await puffin(exportArgv());
    expect(r.code).toBe(1);
    expect(r.out.error).toMatchObject({ code: 'github_no_token' });
    expect(api.requests).toEqual([]);
  });
});
