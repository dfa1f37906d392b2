/**
 * The git worktree a story is implemented in: a new branch `puffin/<short-id>-<slug>` from HEAD, checked out under
 * `.puffin/local/worktrees/` (a folder that ignores itself), so the user's working tree and index are never
 * touched and a dirty tree is fine. An existing branch of that name is never reused: the next free suffix is taken.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ServiceError } from '../base/errors';
import { git, isGitWorkTree } from '../base/gitRepo';
import { shortId } from '../../shared/shortIds';
import { slugOf as slug } from '../../shared/slug';
import { localDir, worktreesDir } from '../store/folders';

const MAX_SLUG = 40;
const MAX_SUFFIX = 100;

export interface StoryWorktree {
  branch: string;
  dir: string;
  base: string;
}

export const slugOf = (title: string): string => slug(title, MAX_SLUG);

async function branchExists(dir: string, branch: string): Promise<boolean> {
  return git(dir, ['show-ref', '--verify', '--quiet', `refs/heads/${branch}`]).then(
    () => true,
    () => false,
  );
}

export async function createStoryWorktree(
  projectDir: string,
  story: { id: string; title: string },
): Promise<StoryWorktree> {
  if (!(await isGitWorkTree(projectDir)))
    throw new ServiceError(
      'not_a_git_repo',
      `${projectDir} is not a git repository: a story is implemented on a branch of its own. Run \`git init\` and commit first.`,
      { project: projectDir },
    );
  const base = (await git(projectDir, ['rev-parse', '--verify', 'HEAD^{commit}']).catch(() => '')).trim();
  if (!base)
    throw new ServiceError('not_a_git_repo', `${projectDir} has no commit yet: commit once, then implement.`);
  const stem = `puffin/${shortId(story.id)}-${slugOf(story.title)}`;
  let branch = stem;
  for (let n = 2; await branchExists(projectDir, branch); n++) {
    if (n > MAX_SUFFIX)
      throw new ServiceError('busy', `Branches ${stem} to ${stem}-${MAX_SUFFIX} all exist.`);
    branch = `${stem}-${n}`;
  }
  const root = worktreesDir(projectDir);
  await mkdir(root, { recursive: true });
  // The folder ignores itself, so the worktrees never show in the user's `git status`.
  await writeFile(path.join(localDir(projectDir), '.gitignore'), '*\n');
  const dir = path.join(root, branch.replace(/\//g, '-'));
  await git(projectDir, ['worktree', 'add', '--quiet', '-b', branch, dir, base]);
  return { branch, dir, base };
}

/** Files the agent changed in the worktree (committed since base, staged, unstaged and new), sorted. */
export async function changedFiles(wt: StoryWorktree): Promise<string[]> {
  const committed = await git(wt.dir, ['diff', '--name-only', wt.base, 'HEAD']);
  const status = await git(wt.dir, ['status', '--porcelain', '--untracked-files=all']);
  const files = new Set(committed.split('\n').filter(Boolean));
  for (const line of status.split('\n')) if (line.length > 3) files.add(line.slice(3).replace(/^"|"$/g, ''));
  return [...files].sort();
}
