/**
 * A project's store as one branch has it, read from git's objects (gitObjects.ts): which records of which folders
 * are there, parsed. The project may sit in a sub-folder of its repository.
 */
import { STORE_DIR } from '../../shared/project';
import { NotGitRepoError } from '../verify/managedFile';
import { repoLocation } from '../verify/gitRepo';
import { branchCommit, filesAt, localBranches, parsedOr, readBlobs } from './gitObjects';

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

/** The branches asked for, or every local branch; each checked to exist. */
export async function branchesOf(
  repo: RepoStore,
  asked: readonly string[] | undefined,
): Promise<Map<string, string>> {
  const names = asked && asked.length > 0 ? [...asked] : await localBranches(repo.root);
  const out = new Map<string, string>();
  for (const name of names) out.set(name, await branchCommit(repo.root, name));
  return out;
}

/**
 * The records of `folders` (store-relative, e.g. `stories`) at a commit, by store-relative path (`stories/s1.json`),
 * parsed; files that do not parse are left out.
 */
export async function recordsAt(
  repo: RepoStore,
  commit: string,
  folders: readonly string[],
): Promise<Map<string, unknown>> {
  const paths = (
    await filesAt(
      repo.root,
      commit,
      folders.map((f) => `${repo.store}/${f}`),
    )
  ).filter((p) => p.endsWith('.json'));
  const texts = await readBlobs(
    repo.root,
    paths.map((p) => `${commit}:${p}`),
  );
  const out = new Map<string, unknown>();
  paths.forEach((p, i) => {
    const value = parsedOr<unknown>(texts[i] ?? null);
    if (value !== null) out.set(p.slice(repo.store.length + 1), value);
  });
  return out;
}
