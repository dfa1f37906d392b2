// The workflow `puffin ci init` writes: its text, and its install and verify steps run for real in a shell (as a
// runner would) against a stand-in Puffin checkout, which must be fetched at the pinned commit and run by path.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFakePuffinCheckout,
  fakePuffinBin,
  type FakePuffin,
} from '../../../test/support/fakePuffinCheckout';
import { createGitFixture, GIT_TEST_ENV, type GitFixture } from '../../../test/support/gitFixture';
import { OVERLAP_RUN, VERIFY_RUN, verifyWorkflowYaml, WORKFLOW_FILE, writeCiWorkflow } from './ciWorkflow';
import { ForeignFileError } from './managedFile';
import { PuffinSourceError } from './puffinSource';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const SOURCE = { url: 'https://example.com/team/puffin.git', commit: SHA };

let repo: GitFixture;
let puffin: FakePuffin;
beforeEach(async () => {
  repo = await createGitFixture('puffin-ci-');
  puffin = await createFakePuffinCheckout();
});
afterEach(async () => {
  await repo.cleanup();
  await puffin.cleanup();
});

/** The shell text of the step named `name` (a `run: |` block). */
function stepScript(yaml: string, name: string): string {
  const lines = yaml.split('\n');
  const at = lines.indexOf(`      - name: ${name}`);
  const run = lines.indexOf('        run: |', at);
  const body: string[] = [];
  for (const line of lines.slice(run + 1)) {
    if (!line.startsWith('          ')) break;
    body.push(line.slice(10));
  }
  return body.join('\n');
}

describe('verifyWorkflowYaml', () => {
  it('pins Puffin’s source and commit, runs its bin by path, and never names a package for npx', () => {
    const yaml = verifyWorkflowYaml({ prefix: '', puffin: SOURCE });
    const lines = yaml.split('\n');
    expect(lines.slice(2, 5)).toEqual(['on:', '  push:', '  pull_request:']);
    expect(lines).toContain(`      PUFFIN_SOURCE: "${SOURCE.url}"`);
    expect(lines).toContain(`      PUFFIN_COMMIT: "${SHA}"`);
    expect(lines).toContain(`      - run: ${VERIFY_RUN}`);
    expect(VERIFY_RUN).toBe(
      'node "$RUNNER_TEMP/puffin"/bin/puffin.cjs verify --project . --junit puffin-junit.xml',
    );
    expect(lines).toContain('        working-directory: "."');
    expect(lines).toContain('          path: "puffin-junit.xml"');
    expect(lines).toContain(`          ${OVERLAP_RUN}`);
    expect(OVERLAP_RUN).toBe(
      'node "$RUNNER_TEMP/puffin"/bin/puffin.cjs overlap --project . --strict --junit puffin-overlap-junit.xml',
    );
    expect(lines).toContain('          fetch-depth: 0'); // every branch, for the overlap step
    expect(lines).toContain('          path: "puffin-overlap-junit.xml"');
    expect(yaml).not.toMatch(/npx|npm (exec|install|i) |\bpuffin@/);
  });

  it('runs in the project’s sub-folder and keeps the JUnit file from there', () => {
    const lines = verifyWorkflowYaml({ prefix: 'apps/web', puffin: SOURCE }).split('\n');
    expect(lines).toContain('        working-directory: "apps/web"');
    expect(lines).toContain('          path: "apps/web/puffin-junit.xml"');
  });

  it('its steps, run in a shell, install the pinned commit of the source and run its verify', async () => {
    const later = await (async () => {
      await puffin.write({ 'bin/puffin.cjs': fakePuffinBin('later') });
      return puffin.commit('a later Puffin');
    })();
    expect(later).not.toBe(puffin.commitSha);
    const yaml = verifyWorkflowYaml({ prefix: '', puffin: { url: puffin.dir, commit: puffin.commitSha } });
    const runner = await mkdtemp(path.join(os.tmpdir(), 'puffin-runner-'));
    try {
      const log = path.join(runner, 'calls.log');
      await writeFile(log, '');
      const env = {
        ...GIT_TEST_ENV,
        RUNNER_TEMP: runner,
        PUFFIN_SOURCE: puffin.dir,
        PUFFIN_COMMIT: puffin.commitSha,
        PUFFIN_FAKE_LOG: log,
        npm_config_offline: 'true',
      };
      await execa(
        'sh',
        ['-e', '-c', stepScript(yaml, 'Install Puffin from its source at the pinned commit')],
        {
          cwd: repo.dir,
          env,
        },
      );
      await execa('sh', ['-e', '-c', VERIFY_RUN], { cwd: repo.dir, env });
      expect((await readFile(log, 'utf8')).trim()).toBe(
        `first|${await realDir(repo.dir)}|verify --project . --junit puffin-junit.xml`,
      );
    } finally {
      await rm(runner, { recursive: true, force: true });
    }
  });
});

describe('the overlap step', () => {
  it('makes every remote branch of the checkout a local one, then runs overlap --strict over them', async () => {
    await repo.write({ 'a.txt': 'a' });
    await repo.commit('first');
    await repo.git('branch', 'feature/one');
    await repo.git('branch', 'feature/two');
    const runner = await mkdtemp(path.join(os.tmpdir(), 'puffin-runner-'));
    try {
      const checkout = path.join(runner, 'checkout');
      await execa('git', ['clone', '--quiet', repo.dir, checkout], { env: GIT_TEST_ENV });
      const bin = path.join(runner, 'puffin', 'bin');
      await mkdir(bin, { recursive: true });
      await writeFile(path.join(bin, 'puffin.cjs'), fakePuffinBin('ci'));
      const log = path.join(runner, 'calls.log');
      await writeFile(log, '');
      const yaml = verifyWorkflowYaml({ prefix: '', puffin: SOURCE });
      const env = { ...GIT_TEST_ENV, RUNNER_TEMP: runner, PUFFIN_FAKE_LOG: log };
      await execa('sh', ['-e', '-c', stepScript(yaml, 'Overlap of work in flight across branches')], {
        cwd: checkout,
        env,
      });
      const branches = (await execa('git', ['branch', '--format=%(refname:short)'], { cwd: checkout }))
        .stdout;
      expect(branches.split('\n').sort()).toEqual(['feature/one', 'feature/two', 'main']);
      expect((await readFile(log, 'utf8')).trim()).toBe(
        `ci|${await realDir(checkout)}|overlap --project . --strict --junit puffin-overlap-junit.xml`,
      );
    } finally {
      await rm(runner, { recursive: true, force: true });
    }
  });
});

describe('writeCiWorkflow', () => {
  it('writes the workflow at the repository root pinned to the running checkout; a rerun changes nothing', async () => {
    await puffin.git('remote', 'add', 'origin', 'https://someone:secret@example.com/team/puffin.git');
    const project = path.join(repo.dir, 'apps', 'web');
    await mkdir(project, { recursive: true });
    const first = await writeCiWorkflow(project, puffin.dir);
    expect(first.action).toBe('created');
    expect(path.relative(repo.dir, first.path).split(path.sep).join('/')).toBe(WORKFLOW_FILE);
    expect(first.puffin).toEqual({ source: 'https://example.com/team/puffin.git', commit: puffin.commitSha });
    expect(first.warnings).toEqual([
      `Commit ${puffin.commitSha} of Puffin is on no branch of https://example.com/team/puffin.git yet: push it before the workflow runs.`,
    ]);
    const content = await readFile(first.path, 'utf8');
    expect(content).toBe(
      verifyWorkflowYaml({
        prefix: 'apps/web',
        puffin: { url: 'https://example.com/team/puffin.git', commit: puffin.commitSha },
      }),
    );
    expect(content).not.toContain('secret');
    expect((await writeCiWorkflow(project, puffin.dir)).action).toBe('unchanged');
  });

  it('refuses, typed, when the Puffin running is no git checkout', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'puffin-copied-'));
    try {
      await writeFile(path.join(copy, 'package.json'), '{"name":"puffin"}');
      const err = await writeCiWorkflow(repo.dir, copy).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PuffinSourceError);
      expect((err as PuffinSourceError).code).toBe('puffin_source_unknown');
      const none = await writeCiWorkflow(repo.dir, null).catch((e: unknown) => e);
      expect(none).toBeInstanceOf(PuffinSourceError);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('refuses to overwrite a workflow it did not write', async () => {
    const file = path.join(repo.dir, ...WORKFLOW_FILE.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'name: mine\n');
    const err = await writeCiWorkflow(repo.dir, puffin.dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ForeignFileError);
    expect((err as ForeignFileError).code).toBe('workflow_exists');
    expect(await readFile(file, 'utf8')).toBe('name: mine\n');
  });
});

async function realDir(dir: string): Promise<string> {
  return (await execa('pwd', ['-P'], { cwd: dir })).stdout.trim();
}
