/**
 * Registers Puffin's merge driver in the repository that holds a project (`puffin hooks install` does it with the
 * hook): `.gitattributes` at the repository root gives the store's record files `merge=puffin` (a committed line,
 * so every clone merges them the same way once its own config names the driver), and the repository's git config
 * names the command, `merge.puffin.driver`. The command runs exactly the Puffin checkout that installed it, as the
 * pre-push hook does; without one, a `puffin` on PATH. A clone without the config merges the files as text.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { STORE_DIR } from '../../shared/project';
import { writeFileAtomic } from '../base/atomicFile';
import { git, repoLocation } from '../base/gitRepo';
import { NotGitRepoError } from '../verify/managedFile';
import { shellQuote } from '../verify/prePushHook';
import { runningPuffinRoot } from '../verify/puffinSource';

export const MERGE_DRIVER = 'puffin';

export interface MergeDriverInstall {
  /** The `.gitattributes` file and what was done to it. */
  attributes: { path: string; action: 'created' | 'updated' | 'unchanged' };
  /** The command git runs (merge.puffin.driver). */
  driver: string;
}

/** The driver command: node and this checkout's bin by path, else a `puffin` on PATH; never a package name. */
export function mergeDriverCommand(puffinRoot: string | null): string {
  const bin = puffinRoot ? `node ${shellQuote(path.join(puffinRoot, 'bin', 'puffin.cjs'))}` : 'puffin';
  return `${bin} merge-driver %O %A %B %P`;
}

/** The attributes line for a project at `prefix` of its repository ('' at the root). */
export function attributesLine(prefix: string): string {
  const store = prefix ? `${prefix.replace(/ /g, '[ ]')}/${STORE_DIR}` : STORE_DIR;
  return `${store}/**/*.json merge=${MERGE_DRIVER}`;
}

export async function installMergeDriver(
  projectDir: string,
  puffinRoot: string | null = runningPuffinRoot(),
): Promise<MergeDriverInstall> {
  const where = await repoLocation(projectDir);
  if (!where)
    throw new NotGitRepoError(
      `${projectDir} is not in a git repository; there is nothing to merge. Run git init first.`,
    );
  const file = path.join(where.root, '.gitattributes');
  const line = attributesLine(where.prefix);
  const existing = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  let action: MergeDriverInstall['attributes']['action'] = 'unchanged';
  if (existing === null) {
    await writeFileAtomic(file, `${line}\n`);
    action = 'created';
  } else if (!existing.split(/\r?\n/).some((l) => l.trim() === line)) {
    await writeFileAtomic(
      file,
      `${existing}${existing.endsWith('\n') || existing === '' ? '' : '\n'}${line}\n`,
    );
    action = 'updated';
  }
  const driver = mergeDriverCommand(puffinRoot);
  await git(where.root, [
    'config',
    '--local',
    `merge.${MERGE_DRIVER}.name`,
    'Puffin store records, field by field',
  ]);
  await git(where.root, ['config', '--local', `merge.${MERGE_DRIVER}.driver`, driver]);
  return { attributes: { path: file, action }, driver };
}
