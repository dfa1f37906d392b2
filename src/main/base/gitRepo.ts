// The few git questions proof of done asks, answered by the git binary (merges, renames, ignores and worktrees are
// git's business, not ours to re-implement): which commit was current when a sprint started, and which files changed
// since then (committed, staged, unstaged and new untracked files alike).
import type { ErrorCode } from '../../shared/errors';

export class GitError extends Error {
  override readonly name = 'GitError';
  readonly code = 'git_failed' satisfies ErrorCode;
}

/** Runs git in `dir`; stdout on success, a GitError naming the command and git's message otherwise. */
export async function git(dir: string, args: readonly string[], input?: string): Promise<string> {
  // Loaded when first used: evaluating execa's modules cost every start ~5 ms of CPU.
  const { execa } = await import('execa');
  const r = await execa('git', args, {
    cwd: dir,
    reject: false,
    stripFinalNewline: false,
    ...(input === undefined ? {} : { input }),
  });
  if (r.failed || r.exitCode !== 0) {
    const why = r.code === 'ENOENT' ? 'git is not installed or not on PATH' : String(r.stderr).trim();
    throw new GitError(`git ${args.join(' ')} failed in ${dir}: ${why || `exit ${r.exitCode}`}`);
  }
  return String(r.stdout);
}

/** Whether `dir` is inside a git work tree (false when git is missing, too: nothing to compare with then). */
export async function isGitWorkTree(dir: string): Promise<boolean> {
  try {
    return (await git(dir, ['rev-parse', '--is-inside-work-tree'])).trim() === 'true';
  } catch {
    return false;
  }
}

/** HEAD's commit, or null on an unborn branch. */
export async function headCommit(dir: string): Promise<string | null> {
  try {
    return (await git(dir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])).trim() || null;
  } catch {
    return null;
  }
}

/** The newest commit on HEAD's history committed at or before `iso`, or null when there is none. */
export async function commitAt(dir: string, iso: string): Promise<string | null> {
  if (!(await headCommit(dir))) return null;
  const sha = (await git(dir, ['rev-list', '-1', `--before=${iso}`, 'HEAD'])).trim();
  return sha || null;
}

function nulList(out: string): string[] {
  return out.split('\0').filter((p) => p !== '');
}

/**
 * Files changed in the work tree against `base` (paths relative to `dir`, limited to it), plus untracked files
 * that are not ignored. A rename counts as both its old and new path: both were touched. `base` null means
 * "before the first commit": every file counts.
 */
export async function changedFilesSince(dir: string, base: string | null): Promise<string[]> {
  // The empty tree's id (SHA-1 or SHA-256, as the repository uses): diffing against it lists every file.
  const from = base ?? (await git(dir, ['hash-object', '-t', 'tree', '--stdin'], '')).trim();
  const [diff, untracked] = await Promise.all([
    git(dir, ['diff', '--name-only', '--no-renames', '--relative', '-z', from, '--']),
    git(dir, ['ls-files', '--others', '--exclude-standard', '-z']),
  ]);
  return [...new Set([...nulList(diff), ...nulList(untracked)])].sort();
}

export interface SprintChanges {
  /** The commit compared against: the one recorded when the sprint started, or the last one before it. */
  base: string | null;
  files: string[];
}

/**
 * What changed since a sprint started. A recorded start commit is exact; otherwise the last commit before the
 * sprint's creation time stands in for it. Null when `dir` is not in a git work tree.
 */
export async function sprintChanges(
  dir: string,
  sprint: { startCommit?: string | null; createdAt: string },
): Promise<SprintChanges | null> {
  if (!(await isGitWorkTree(dir))) return null;
  const base = sprint.startCommit ?? (await commitAt(dir, sprint.createdAt));
  return { base, files: await changedFilesSince(dir, base) };
}

/** Files that differ between two commits (paths relative to `dir`): what a watch re-checks after a checkout. */
export async function changedFilesBetween(dir: string, from: string, to: string): Promise<string[]> {
  return nulList(
    await git(dir, ['diff', '--name-only', '--no-renames', '--relative', '-z', from, to, '--']),
  ).sort();
}

export interface RepoLocation {
  /** The work tree's root (absolute). */
  root: string;
  /** The project folder relative to it, forward slashes, '' at the root. */
  prefix: string;
}

/** Where a project folder sits in its repository; null when it is not in a git work tree. */
export async function repoLocation(dir: string): Promise<RepoLocation | null> {
  if (!(await isGitWorkTree(dir))) return null;
  const [root, prefix] = await Promise.all([
    git(dir, ['rev-parse', '--show-toplevel']),
    git(dir, ['rev-parse', '--show-prefix']),
  ]);
  return { root: root.trim(), prefix: prefix.trim().replace(/\/$/, '') };
}
