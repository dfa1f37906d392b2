import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGitCommit } from './gitCommit';
import { withTempDir } from './testSupport';

const SHA1 = '0123456789abcdef0123456789abcdef01234567';
const SHA2 = 'fedcba9876543210fedcba9876543210fedcba98';

describe('readGitCommit', () => {
  it('is null outside a git repository', async () => {
    await withTempDir(async (dir) => expect(await readGitCommit(dir)).toBeNull());
  });

  it('follows HEAD to a loose ref, then to packed-refs, and accepts a detached HEAD', async () => {
    await withTempDir(async (dir) => {
      const git = path.join(dir, '.git');
      await mkdir(path.join(git, 'refs', 'heads'), { recursive: true });
      await writeFile(path.join(git, 'HEAD'), 'ref: refs/heads/main\n');
      await writeFile(path.join(git, 'packed-refs'), `# pack-refs with: peeled\n${SHA2} refs/heads/main\n`);
      expect(await readGitCommit(dir)).toBe(SHA2);
      await writeFile(path.join(git, 'refs', 'heads', 'main'), `${SHA1}\n`);
      expect(await readGitCommit(dir)).toBe(SHA1);
      await writeFile(path.join(git, 'HEAD'), `${SHA2}\n`);
      expect(await readGitCommit(dir)).toBe(SHA2);
    });
  });

  it('follows a .git file (worktree) to its git dir and commondir', async () => {
    await withTempDir(async (dir) => {
      const common = path.join(dir, 'main.git');
      const wt = path.join(common, 'worktrees', 'wt');
      await mkdir(wt, { recursive: true });
      await mkdir(path.join(common, 'refs', 'heads'), { recursive: true });
      await writeFile(path.join(wt, 'HEAD'), 'ref: refs/heads/feature\n');
      await writeFile(path.join(wt, 'commondir'), '../..\n');
      await writeFile(path.join(common, 'refs', 'heads', 'feature'), `${SHA1}\n`);
      const project = path.join(dir, 'project');
      await mkdir(project);
      await writeFile(path.join(project, '.git'), `gitdir: ${wt}\n`);
      expect(await readGitCommit(project)).toBe(SHA1);
    });
  });

  it('is null for an unborn branch', async () => {
    await withTempDir(async (dir) => {
      await mkdir(path.join(dir, '.git'));
      await writeFile(path.join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
      expect(await readGitCommit(dir)).toBeNull();
    });
  });
});
