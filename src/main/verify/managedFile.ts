// A file Puffin writes into the user's repository (the pre-push hook, the CI workflow): written atomically, recognised
// by a marker line, and never written over when somebody else wrote it.
import { chmod, readFile } from 'node:fs/promises';
import type { ErrorCodeOf } from '../../shared/errors';
import { writeFileAtomic } from '../base/atomicFile';
import { repoLocation, type RepoLocation } from '../base/gitRepo';

export type ManagedFileAction = 'created' | 'updated' | 'unchanged';

export interface ManagedFileResult {
  path: string;
  action: ManagedFileAction;
}

/** A file of the same name exists and was not written by Puffin: the user decides what happens to it. */
export class ForeignFileError extends Error {
  override readonly name = 'ForeignFileError';
  constructor(
    readonly code: Exclude<ErrorCodeOf<'verify'>, 'not_git_repo' | 'git_failed'>,
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

export class NotGitRepoError extends Error {
  override readonly name = 'NotGitRepoError';
  readonly code = 'not_git_repo' satisfies ErrorCodeOf<'verify'>;
}

async function current(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Writes `content` to `file` unless a file without `marker` is there (then `foreign()` is thrown). Puffin's own
 * earlier version is replaced; identical content is left alone, so a rerun changes nothing.
 */
export async function writeManagedFile(
  file: string,
  content: string,
  options: { marker: string; mode?: number; foreign: () => ForeignFileError },
): Promise<ManagedFileResult> {
  const existing = await current(file);
  if (existing !== null && !existing.includes(options.marker)) throw options.foreign();
  if (existing === content) {
    // A checkout can drop the executable bit; putting it back is not a change worth reporting.
    if (options.mode !== undefined) await chmod(file, options.mode);
    return { path: file, action: 'unchanged' };
  }
  await writeFileAtomic(file, content);
  if (options.mode !== undefined) await chmod(file, options.mode);
  return { path: file, action: existing === null ? 'created' : 'updated' };
}

export interface RepoFileSpec {
  /** Ends "… is not in a git repository; <needs>": why a repository is required. */
  needs: string;
  marker: string;
  mode?: number;
  code: ForeignFileError['code'];
  /** What the user can do instead when a foreign file is in the way. */
  advice: string;
  /** Where the file goes and what it holds, given where the project sits in its repository. */
  render: (where: RepoLocation) => Promise<{ file: string; content: string }>;
}

/** Writes a Puffin-managed file into the repository that holds `projectDir`. */
export async function writeRepoFile(projectDir: string, spec: RepoFileSpec): Promise<ManagedFileResult> {
  const where = await repoLocation(projectDir);
  if (!where)
    throw new NotGitRepoError(`${projectDir} is not in a git repository; ${spec.needs} Run git init first.`);
  const { file, content } = await spec.render(where);
  return writeManagedFile(file, content, {
    marker: spec.marker,
    ...(spec.mode === undefined ? {} : { mode: spec.mode }),
    foreign: () =>
      new ForeignFileError(
        spec.code,
        `${file} already exists and was not written by Puffin, so it was left as it is. ${spec.advice}`,
        file,
      ),
  });
}
