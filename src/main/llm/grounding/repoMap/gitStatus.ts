/**
 * `git status` of a work tree's top: the paths whose working copy differs from the index (changed, untracked,
 * deleted), and what git ignores, a folder once (`dist/`) as `git ls-files --ignored --directory` lists it
 * (ignoredFiles.ts), so the grounding policy needs no walk of its own. Git's walk of every folder for untracked and
 * ignored files is skipped while nothing it depends on changed (statusSnapshot.ts): then only the tracked files are
 * compared (`--untracked-files=no`), and the untracked and ignored paths come from the last walk.
 */
import { lstat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { statKey, unchanged, watchFolders, type Watched } from './folderWatch';
import { runGit } from './runGit';
import { ignoredFolders, readSnapshot, writeSnapshot, type StatusSnapshot } from './statusSnapshot';

export interface GitStatus {
  /** Git's index file, relative to the root or absolute. */
  indexPath: string;
  changed: string[];
  ignored: string[];
  /** Where the untracked and ignored paths come from: git's walk now, or the last one's snapshot. */
  untrackedFrom: 'git' | 'snapshot';
}

/** Beyond these, folders are not watched and the snapshot not kept: every status walks, as git does alone. */
const MAX_WATCHED_FOLDERS = 25_000;
const MAX_SNAPSHOT_PATHS = 100_000;
/** A change this close after a key's time may share its clock tick on a coarse file system: such keys are not trusted. */
const RACY_MS = 2_000;

const STATUS = ['status', '--porcelain=v1', '-z', '--no-renames'];

/** What git is asked where the tree, index and config are, and the environment that can move them. */
async function whereNow(root: string, left: () => number): Promise<string | null> {
  const out = await runGit(
    root,
    [
      'rev-parse',
      '--show-toplevel',
      '--git-path',
      'index',
      '--git-path',
      'info/exclude',
      '--git-path',
      'config',
    ],
    left(),
  );
  if (out === null) return null;
  const env = Object.keys(process.env)
    .filter((k) => k.startsWith('GIT_') || k === 'HOME' || k === 'XDG_CONFIG_HOME')
    .sort()
    .map((k) => `${k}=${process.env[k] ?? ''}`);
  return [out.trimEnd(), ...env].join('\n');
}

/** Git's files outside the tree that decide what is ignored: its index, config and exclude files. */
function gitFiles(root: string, where: string, excludesFile: string | null): string[] {
  const [, index, exclude, config] = where.split('\n');
  const xdg = process.env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  const files = [index, exclude, config, path.join(homedir(), '.gitconfig'), path.join(xdg, 'git', 'config')];
  files.push(path.join(xdg, 'git', 'ignore'), '/etc/gitconfig');
  if (excludesFile) files.push(excludesFile);
  return files.filter((f): f is string => !!f).map((f) => path.resolve(root, f));
}

interface Parsed {
  tracked: string[];
  untracked: string[];
  ignored: string[];
}

function parseStatus(out: string): Parsed {
  const parsed: Parsed = { tracked: [], untracked: [], ignored: [] };
  const parts = out.split('\0');
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    if (entry.length < 4) continue;
    if (entry.startsWith('!!')) parsed.ignored.push(entry.slice(3));
    else if (entry.startsWith('??')) parsed.untracked.push(entry.slice(3));
    else parsed.tracked.push(entry.slice(3));
    // A rename's or copy's entry carries its old path too: both count.
    if (entry[0] === 'R' || entry[0] === 'C') parsed.tracked.push(parts[++i] ?? '');
  }
  parsed.ignored.sort();
  return parsed;
}

const under = (rel: string, folders: ReadonlySet<string>): boolean => {
  for (let p = rel; p !== ''; p = p.slice(0, Math.max(0, p.lastIndexOf('/'))))
    if (folders.has(p)) return true;
  return false;
};

/** Null: not the top of a git work tree (a sub-folder is walked: git would list its whole repository), or git failed. */
export async function readGitStatus(root: string, deadline: number): Promise<GitStatus | null> {
  // The top of a work tree has its .git (a folder, or a file naming one): without it, no git process is started.
  if (
    !(await lstat(path.join(root, '.git')).then(
      () => true,
      () => false,
    ))
  )
    return null;
  const left = () => deadline - performance.now();
  const last = await readSnapshot(root);
  if (last?.trusted && unchanged(root, last.watched)) {
    const [where, status] = await Promise.all([
      whereNow(root, left),
      runGit(root, [...STATUS, '--untracked-files=no'], left()),
    ]);
    if (where === null || status === null) return null;
    if (where === last.where) {
      const { tracked } = parseStatus(status);
      const indexPath = where.split('\n')[1]!;
      return {
        indexPath,
        changed: [...tracked, ...last.untracked],
        ignored: last.ignored,
        untrackedFrom: 'snapshot',
      };
    }
  }
  return fullStatus(root, last, left, deadline);
}

async function fullStatus(
  root: string,
  last: StatusSnapshot | null,
  left: () => number,
  deadline: number,
): Promise<GitStatus | null> {
  const [where, excludesFile] = await Promise.all([
    whereNow(root, left),
    runGit(root, ['config', '--path', '--get', 'core.excludesFile'], left()),
  ]);
  if (where === null) return null;
  const [top, indexPath] = where.split('\n');
  if (!top || !indexPath || path.resolve(top) !== path.resolve(root)) return null;
  // Every key is taken before git looks: a change made meanwhile shows as a changed key at the next call.
  const recentAfter = Date.now() - RACY_MS;
  const outside: Watched[] = gitFiles(root, where, excludesFile?.trim() || null).map((f, i) => [
    f,
    // The index is replaced whole on every write (a new inode): only the others can hide an edit in one tick.
    statKey(f, i === 0 ? Infinity : recentAfter),
  ]);
  const prune = last ? ignoredFolders(last.ignored) : new Set<string>();
  const folders = last?.tooMany
    ? null
    : await watchFolders(root, {
        prune,
        known: last?.watched ?? [],
        recentAfter,
        maxFolders: MAX_WATCHED_FOLDERS,
        deadline,
      });
  const status = await runGit(root, [...STATUS, '--untracked-files=all', '--ignored=matching'], left());
  if (status === null) return null;
  const { tracked, untracked, ignored } = parseStatus(status);

  if (untracked.length + ignored.length <= MAX_SNAPSHOT_PATHS) {
    const ignoredNow = ignoredFolders(ignored);
    // A folder pruned as ignored that git no longer ignores was not walked: the next walk starts afresh.
    const walkedAll = [...prune].every((f) => ignoredNow.has(f));
    const watched =
      folders && walkedAll ? [...outside, ...folders.filter(([rel]) => !under(rel, ignoredNow))] : [];
    await writeSnapshot(root, {
      where,
      trusted: watched.length > 0,
      tooMany: folders === null && walkedAll,
      watched,
      untracked,
      ignored,
    });
  }
  return { indexPath, changed: [...tracked, ...untracked], ignored, untrackedFrom: 'git' };
}
