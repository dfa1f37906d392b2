import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import {
  changedFilesBetween,
  changedFilesSince,
  commitAt,
  GitError,
  git,
  headCommit,
  isGitWorkTree,
  sprintChanges,
} from './gitRepo';

let repo: GitFixture;
beforeEach(async () => {
  repo = await createGitFixture();
});
afterEach(() => repo.cleanup());

describe('git helpers on a real repository', () => {
  it('headCommit is null on an unborn branch and the commit afterwards', async () => {
    expect(await headCommit(repo.dir)).toBeNull();
    const sha = await repo.commit('first');
    expect(await headCommit(repo.dir)).toBe(sha);
  });

  it('headCommit follows a detached HEAD and answers in a linked worktree, and is null outside a repository', async () => {
    const first = await repo.commit('first');
    const second = await repo.commit('second');
    await repo.git('checkout', '--quiet', '--detach', first);
    expect(await headCommit(repo.dir)).toBe(first);
    const linked = path.join(repo.dir, '..', `${path.basename(repo.dir)}-wt`);
    await repo.git('worktree', 'add', '--quiet', '-b', 'feature', linked, second);
    try {
      expect(await headCommit(linked)).toBe(second);
    } finally {
      await rm(linked, { recursive: true, force: true });
    }
    const outside = await mkdtemp(path.join(os.tmpdir(), 'puffin-no-git-'));
    try {
      expect(await headCommit(outside)).toBeNull();
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('commitAt finds the last commit at or before a time', async () => {
    await repo.write({ 'a.txt': '1' });
    const first = await repo.commit('first', '2026-01-01T10:00:00Z');
    await repo.write({ 'a.txt': '2' });
    const second = await repo.commit('second', '2026-01-02T10:00:00Z');
    expect(await commitAt(repo.dir, '2025-12-31T00:00:00Z')).toBeNull();
    expect(await commitAt(repo.dir, '2026-01-01T12:00:00Z')).toBe(first);
    expect(await commitAt(repo.dir, '2026-01-03T00:00:00Z')).toBe(second);
  });

  it('changedFilesSince lists committed, staged, unstaged, deleted, renamed and untracked changes, not ignored', async () => {
    await repo.write({
      '.gitignore': 'dist/\n',
      'keep.txt': 'k',
      'old-name.txt': 'o',
      'edit.txt': '1',
      'gone.txt': 'g',
      'staged.txt': 's',
    });
    const base = await repo.commit('base');
    await repo.write({ 'committed.txt': 'c' });
    await repo.commit('later');
    await repo.git('mv', 'old-name.txt', 'new-name.txt');
    await repo.write({
      'edit.txt': '2',
      'gone.txt': null,
      'staged.txt': 's2',
      'new.txt': 'n',
      'dist/x.js': 'x',
    });
    await repo.git('add', 'staged.txt');
    expect(await changedFilesSince(repo.dir, base)).toEqual([
      'committed.txt',
      'edit.txt',
      'gone.txt',
      'new-name.txt',
      'new.txt',
      'old-name.txt',
      'staged.txt',
    ]);
  });

  it('changedFilesSince with no base lists every file; paths are relative to a sub-folder project', async () => {
    await repo.write({ 'app/src/a.ts': 'a', 'other/b.ts': 'b' });
    await repo.commit('all');
    expect(await changedFilesSince(repo.dir, null)).toEqual(['app/src/a.ts', 'other/b.ts']);
    expect(await changedFilesSince(path.join(repo.dir, 'app'), null)).toEqual(['src/a.ts']);
  });

  it('sprintChanges uses the recorded start commit, else the last commit before the sprint was created', async () => {
    await repo.write({ 'a.txt': '1' });
    const first = await repo.commit('first', '2026-01-01T10:00:00Z');
    await repo.write({ 'b.txt': '1' });
    const second = await repo.commit('second', '2026-01-02T10:00:00Z');
    await repo.write({ 'c.txt': '1' });
    expect(await sprintChanges(repo.dir, { createdAt: '2026-01-01T12:00:00Z' })).toEqual({
      base: first,
      files: ['b.txt', 'c.txt'],
    });
    expect(await sprintChanges(repo.dir, { createdAt: '2026-01-01T12:00:00Z', startCommit: second })).toEqual(
      {
        base: second,
        files: ['c.txt'],
      },
    );
    expect(await changedFilesBetween(repo.dir, first, second)).toEqual(['b.txt']);
  });
});

describe('outside a repository', () => {
  it('isGitWorkTree is false, sprintChanges null, and git errors are typed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-nogit-'));
    try {
      expect(await isGitWorkTree(dir)).toBe(false);
      expect(await sprintChanges(dir, { createdAt: '2026-01-01T00:00:00Z' })).toBeNull();
      const err = await git(dir, ['log']).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GitError);
      expect((err as GitError).code).toBe('git_failed');
      expect((err as GitError).message).toMatch(/git log failed in .*not a git repository/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
