// The hook installer on real repositories, and the installed hook run by a real `git push` against a stand-in
// `puffin` on PATH that records where and how it was called and exits as told.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitFixture, GIT_TEST_ENV, type GitFixture } from '../../../test/support/gitFixture';
import { ForeignFileError, NotGitRepoError } from './managedFile';
import { HOOK_MARKER, installPrePushHook, prePushHookScript, shellQuote } from './prePushHook';

let repo: GitFixture;
let bin: string;
beforeEach(async () => {
  repo = await createGitFixture('puffin-hook-');
  bin = await mkdtemp(path.join(os.tmpdir(), 'puffin-fakebin-'));
  await writeFile(
    path.join(bin, 'puffin'),
    '#!/bin/sh\necho "$PWD|$*" >> "$PUFFIN_FAKE_LOG"\nexit "$PUFFIN_FAKE_EXIT"\n',
    { mode: 0o755 },
  );
});
afterEach(async () => {
  await repo.cleanup();
  await rm(bin, { recursive: true, force: true });
});

/** Pushes HEAD to a fresh bare remote with the stand-in puffin exiting `exit`; returns git's exit code and the log. */
async function push(exit: number): Promise<{ exitCode: number | undefined; calls: string[] }> {
  const remote = path.join(repo.dir, '..', `${path.basename(repo.dir)}-remote.git`);
  await execa('git', ['init', '--quiet', '--bare', remote], { env: GIT_TEST_ENV });
  const log = path.join(bin, 'calls.log');
  await writeFile(log, '');
  const r = await execa('git', ['push', '--quiet', remote, 'HEAD:refs/heads/main'], {
    cwd: repo.dir,
    reject: false,
    env: {
      ...GIT_TEST_ENV,
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
      PUFFIN_FAKE_LOG: log,
      PUFFIN_FAKE_EXIT: String(exit),
    },
  });
  await rm(remote, { recursive: true, force: true });
  return { exitCode: r.exitCode, calls: (await readFile(log, 'utf8')).split('\n').filter(Boolean) };
}

describe('installPrePushHook', () => {
  it('installs an executable hook that runs verify in the project folder and stops a failing push', async () => {
    await repo.write({ 'app/readme.txt': 'x' });
    await repo.commit('first');
    const project = path.join(repo.dir, 'app');
    const result = await installPrePushHook(project);
    const hook = path.join(repo.dir, '.git', 'hooks', 'pre-push');
    expect(result).toEqual({ path: hook, action: 'created' });
    expect((await stat(hook)).mode & 0o111).toBe(0o111);
    expect(await installPrePushHook(project)).toEqual({ path: hook, action: 'unchanged' });

    const refused = await push(1);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.calls).toEqual([`${await realDir(project)}|verify --project .`]);
    const allowed = await push(0);
    expect(allowed.exitCode).toBe(0);
    expect(allowed.calls).toHaveLength(1);
  });

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
    expect(await readFile(hook, 'utf8')).toBe(prePushHookScript(''));
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
