// The hook installer on real repositories, and the installed hook run by a real `git push` (or by itself) against a
// stand-in Puffin checkout or a stand-in `puffin` on PATH, each recording where and how it was called, or no Puffin.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakePuffinCheckout, type FakePuffin } from '../../../test/support/fakePuffinCheckout';
import { createGitFixture, GIT_TEST_ENV, type GitFixture } from '../../../test/support/gitFixture';
import { ForeignFileError, NotGitRepoError } from './managedFile';
import { HOOK_MARKER, installPrePushHook, prePushHookScript, shellQuote } from './prePushHook';

let repo: GitFixture;
let bin: string;
let puffin: FakePuffin;
beforeEach(async () => {
  repo = await createGitFixture('puffin-hook-');
  puffin = await createFakePuffinCheckout();
  bin = await mkdtemp(path.join(os.tmpdir(), 'puffin-fakebin-'));
  await writeFile(
    path.join(bin, 'puffin'),
    '#!/bin/sh\necho "$PWD|$*" >> "$PUFFIN_FAKE_LOG"\nexit "$PUFFIN_FAKE_EXIT"\n',
    { mode: 0o755 },
  );
});
afterEach(async () => {
  await repo.cleanup();
  await puffin.cleanup();
  await rm(bin, { recursive: true, force: true });
});

/** PATH without any `puffin`: the system's folders only. */
const BARE_PATH = '/usr/local/bin:/usr/bin:/bin';

/**
 * Pushes HEAD to a fresh bare remote with the stand-ins exiting `exit` (the PATH one only on `withPathPuffin`);
 * returns git's exit code, its stderr and the calls logged.
 */
async function push(
  exit: number,
  withPathPuffin = true,
): Promise<{ exitCode: number | undefined; calls: string[]; stderr: string }> {
  const remote = path.join(repo.dir, '..', `${path.basename(repo.dir)}-remote.git`);
  await execa('git', ['init', '--quiet', '--bare', remote], { env: GIT_TEST_ENV });
  const log = path.join(bin, 'calls.log');
  await writeFile(log, '');
  const r = await execa('git', ['push', '--quiet', remote, 'HEAD:refs/heads/main'], {
    cwd: repo.dir,
    reject: false,
    env: {
      ...GIT_TEST_ENV,
      PATH: withPathPuffin ? `${bin}${path.delimiter}${process.env.PATH ?? ''}` : pathWithNode(),
      PUFFIN_FAKE_LOG: log,
      PUFFIN_FAKE_EXIT: String(exit),
    },
  });
  await rm(remote, { recursive: true, force: true });
  return {
    exitCode: r.exitCode,
    calls: (await readFile(log, 'utf8')).split('\n').filter(Boolean),
    stderr: String(r.stderr),
  };
}

/** BARE_PATH with this test's Node in front (the checkout's bin runs on it). */
const pathWithNode = () => `${path.dirname(process.execPath)}${path.delimiter}${BARE_PATH}`;

/** Runs the installed hook by itself, as git would, with `PATH`. */
async function runHook(hook: string, PATH: string) {
  return execa(hook, ['origin', 'https://example.com/x.git'], {
    cwd: repo.dir,
    reject: false,
    input: '',
    env: { ...GIT_TEST_ENV, PATH, PUFFIN_FAKE_LOG: path.join(bin, 'calls.log') },
  });
}

describe('installPrePushHook', () => {
  it('installs an executable hook that runs verify in the project folder and stops a failing push', async () => {
    await repo.write({ 'app/readme.txt': 'x' });
    await repo.commit('first');
    const project = path.join(repo.dir, 'app');
    const result = await installPrePushHook(project, { puffinRoot: puffin.dir });
    const hook = path.join(repo.dir, '.git', 'hooks', 'pre-push');
    expect(result).toEqual({ path: hook, action: 'created' });
    expect((await stat(hook)).mode & 0o111).toBe(0o111);
    expect(await installPrePushHook(project, { puffinRoot: puffin.dir })).toEqual({
      path: hook,
      action: 'unchanged',
    });
    const script = await readFile(hook, 'utf8');
    expect(script).toContain(shellQuote(path.join(puffin.dir, 'bin', 'puffin.cjs')));
    expect(script).not.toMatch(/npx|npm exec/);

    // The checkout that installed it runs, even with another `puffin` on PATH.
    const refused = await push(1);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.calls).toEqual([`first|${await realDir(project)}|verify --project .`]);
    const allowed = await push(0);
    expect(allowed.exitCode).toBe(0);
    expect(allowed.calls).toHaveLength(1);
  });

  it('without the checkout, runs a `puffin` on PATH', async () => {
    await installPrePushHook(repo.dir, { puffinRoot: null });
    await repo.commit('first');
    const refused = await push(1);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.calls).toEqual([`${await realDir(repo.dir)}|verify --project .`]);
  });

  it('finding no Puffin, says so in one line and lets the push through', async () => {
    const gone = path.join(puffin.dir, 'moved-away');
    const { path: hook } = await installPrePushHook(repo.dir, { puffinRoot: gone });
    expect(
      (await execa('sh', ['-c', 'command -v puffin || true'], { env: { PATH: pathWithNode() } })).stdout,
    ).toBe('');
    const r = await runHook(hook, pathWithNode());
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toEqual([
      `puffin pre-push: no Puffin found (neither node with ${path.join(gone, 'bin', 'puffin.cjs')} nor puffin on PATH): ` +
        'push not verified; run `puffin hooks install` again from a Puffin checkout.',
    ]);
    await repo.commit('first');
    expect((await push(0, false)).exitCode).toBe(0);
  });

  it('installed strict, stops the push when it finds no Puffin', async () => {
    const { path: hook } = await installPrePushHook(repo.dir, { puffinRoot: null, strict: true });
    const r = await runHook(hook, pathWithNode());
    expect(r.exitCode).toBe(1);
    expect(r.stderr.split('\n')).toEqual([
      'puffin pre-push: no Puffin found (no puffin on PATH): push stopped (installed with --strict); ' +
        'run `puffin hooks install` again from a Puffin checkout.',
    ]);
    await repo.commit('first');
    expect((await push(0, false)).exitCode).not.toBe(0);
  });

  it('runs the real verify of the Puffin checkout running this test', async () => {
    const { path: hook } = await installPrePushHook(repo.dir);
    expect(await readFile(hook, 'utf8')).toContain(path.join(process.cwd(), 'bin', 'puffin.cjs'));
    const r = await execa(hook, ['origin', 'x'], {
      cwd: repo.dir,
      reject: false,
      input: '',
      env: { ...GIT_TEST_ENV, PATH: pathWithNode(), PUFFIN_NO_PREBUILT: '1', HOME: bin },
    });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { stories: [], summary: { failed: 0 } } });
  }, 60_000);

  it('refuses to overwrite a hook it did not write, and leaves it as it was', async () => {
    const hook = path.join(repo.dir, '.git', 'hooks', 'pre-push');
    await mkdir(path.dirname(hook), { recursive: true });
    await writeFile(hook, '#!/bin/sh\nmake lint\n');
    const err = await installPrePushHook(repo.dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ForeignFileError);
    expect((err as ForeignFileError).code).toBe('hook_exists');
    expect((err as ForeignFileError).message).toContain('was not written by Puffin');
    expect(await readFile(hook, 'utf8')).toBe('#!/bin/sh\nmake lint\n');
  });

  it('replaces an earlier hook of its own', async () => {
    const hook = path.join(repo.dir, '.git', 'hooks', 'pre-push');
    await mkdir(path.dirname(hook), { recursive: true });
    await writeFile(hook, `#!/bin/sh\n${HOOK_MARKER}\nexec puffin verify --old-flag\n`);
    expect((await installPrePushHook(repo.dir)).action).toBe('updated');
    expect(await readFile(hook, 'utf8')).toBe(
      prePushHookScript('', { puffinRoot: path.resolve('.'), strict: false }),
    );
  });

  it('installs where core.hooksPath points', async () => {
    await repo.git('config', 'core.hooksPath', '.githooks');
    const result = await installPrePushHook(repo.dir);
    expect(result.path).toBe(path.join(await realDir(repo.dir), '.githooks', 'pre-push'));
  });

  it('is a typed not_git_repo outside a repository', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-nogit-'));
    try {
      const err = await installPrePushHook(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NotGitRepoError);
      expect((err as NotGitRepoError).code).toBe('not_git_repo');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('shellQuote', () => {
  it('quotes any path for sh', async () => {
    const odd = `it's a "dir" $HOME`;
    const r = await execa('sh', ['-c', `printf %s ${shellQuote(odd)}`]);
    expect(r.stdout).toBe(odd);
  });
});

async function realDir(dir: string): Promise<string> {
  return (await execa('pwd', ['-P'], { cwd: dir })).stdout.trim();
}
