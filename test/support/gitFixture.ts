// A real git repository in a temp folder for tests: write files, commit them at a chosen time, read back shas.
// The user's and system's git configuration are kept out (signing, hooks paths, templates would change outcomes).
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';

export const GIT_TEST_ENV: Readonly<Record<string, string>> = {
  GIT_CONFIG_GLOBAL: os.devNull,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Puffin Test',
  GIT_AUTHOR_EMAIL: 'test@puffin.invalid',
  GIT_COMMITTER_NAME: 'Puffin Test',
  GIT_COMMITTER_EMAIL: 'test@puffin.invalid',
};

export interface GitFixture {
  dir: string;
  git(...args: string[]): Promise<string>;
  /** Writes files (path → content; null deletes it) relative to the repository root. */
  write(files: Record<string, string | null>): Promise<void>;
  /** Stages everything and commits; `at` sets author and committer time. Returns the new commit's sha. */
  commit(message: string, at?: string): Promise<string>;
  cleanup(): Promise<void>;
}

export async function createGitFixture(prefix = 'puffin-git-'): Promise<GitFixture> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const run = async (args: string[], env: Record<string, string> = {}) =>
    String((await execa('git', args, { cwd: dir, env: { ...GIT_TEST_ENV, ...env } })).stdout);
  await run(['init', '--quiet', '--initial-branch=main']);
  return {
    dir,
    git: (...args) => run(args),
    async write(files) {
      for (const [rel, content] of Object.entries(files)) {
        const file = path.join(dir, rel);
        if (content === null) {
          await unlink(file);
          continue;
        }
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, content);
      }
    },
    async commit(message, at) {
      await run(['add', '--all']);
      const env: Record<string, string> = at ? { GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at } : {};
      await run(['commit', '--quiet', '--allow-empty', '-m', message], env);
      return (await run(['rev-parse', 'HEAD'])).trim();
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
