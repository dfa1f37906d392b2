/**
 * A project's store as one branch has it, read from git's objects (gitObjects.ts): which records of which folders
 * are there, parsed. The project may sit in a sub-folder of its repository.
 */
import { STORE_DIR } from '../../shared/project';
import { NotGitRepoError } from '../verify/managedFile';
import { repoLocation } from '../base/gitRepo';
import { GitError } from '../base/gitRepo';
import { filesAt, localBranches, parsedOr, readBlobs } from './gitObjects';

export interface RepoStore {
  root: string;
  /** The store folder from the repository root (`.puffin`, `app/.puffin`). */
  store: string;
  /** The project folder from the repository root ('' at the root). */
  prefix: string;
}

export async function repoStoreOf(projectDir: string, needs: string): Promise<RepoStore> {
  const where = await repoLocation(projectDir);
  if (!where)
    throw new NotGitRepoError(`${projectDir} is not in a git repository; ${needs} Run git init first.`);
  return {
    root: where.root,
    prefix: where.prefix,
    store: where.prefix ? `${where.prefix}/${STORE_DIR}` : STORE_DIR,
  };
}

/** The branches asked for (in that order), or every local branch; each with its commit, or a typed error. */
export async function branchesOf(
  repo: RepoStore,
  asked: readonly string[] | undefined,
): Promise<Map<string, string>> {
  const local = await localBranches(repo.root);
  if (!asked || asked.length === 0) return local;
  const out = new Map<string, string>();
  for (const name of asked) {
    const commit = local.get(name);
    if (!commit)
      throw new GitError(
        `There is no local branch ${JSON.stringify(name)} in ${repo.root}; name one of \`git branch\`.`,
      );
    out.set(name, commit);
  }
  return out;
}

/** Parsed records by blob id, shared by the branches of one question: most files are the same on every branch. */
export type BlobCache = Map<string, unknown>;

/**
 * The records of `folders` (store-relative, e.g. `stories`) at a commit, by store-relative path (`stories/s1.json`),
 * parsed; files that do not parse are left out. Blobs already in `cache` are not read again.
 */
export async function recordsAt(
  repo: RepoStore,
  commit: string,
  folders: readonly string[],
  cache: BlobCache = new Map(),
): Promise<Map<string, unknown>> {
  const all = await filesAt(
    repo.root,
    commit,
    folders.map((f) => `${repo.store}/${f}`),
  );
  const files = all.filter((f) => f.path.endsWith('.json'));
  const unread = [...new Set(files.map((f) => f.sha).filter((sha) => !cache.has(sha)))];
  const texts = await readBlobs(repo.root, unread);
  unread.forEach((sha, i) => cache.set(sha, parsedOr<unknown>(texts[i] ?? null)));
  const out = new Map<string, unknown>();
  for (const f of files) {
    const value = cache.get(f.sha);
    if (value !== null && value !== undefined) out.set(f.path.slice(repo.store.length + 1), value);
  }
  return out;
}
