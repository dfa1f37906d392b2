// `puffin hooks install`: a git pre-push hook that runs `puffin verify` and stops the push when an assertion fails.
// It goes where git looks for hooks (core.hooksPath, a worktree's common hooks folder) and never replaces a hook
// that Puffin did not write.
import path from 'node:path';
import { git } from './gitRepo';
import { writeRepoFile, type ManagedFileResult } from './managedFile';

export const HOOK_MARKER = '# puffin-managed-hook: pre-push';

/** POSIX single quotes: safe for any path (a quote inside becomes '\''). */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The hook script; `prefix` is the project folder relative to the repository root ('' at the root). */
export function prePushHookScript(prefix: string): string {
  const projectDir = prefix
    ? `"$(git rev-parse --show-toplevel)"/${shellQuote(prefix)}`
    : '"$(git rev-parse --show-toplevel)"';
  return [
    '#!/bin/sh',
    HOOK_MARKER,
    "# Written by `puffin hooks install`: runs the project's assertions before every push and stops the push",
    '# when one fails. `git push --no-verify` skips it once; deleting this file removes it. Puffin rewrites this',
    '# file only while the marker line above is in it.',
    `cd ${projectDir} || exit 1`,
    'if command -v puffin >/dev/null 2>&1; then',
    '  exec puffin verify --project .',
    'fi',
    'exec npx --no-install puffin verify --project .',
    '',
  ].join('\n');
}

/** Installs (or refreshes) the hook of the repository that holds `projectDir`. */
export function installPrePushHook(projectDir: string): Promise<ManagedFileResult> {
  return writeRepoFile(projectDir, {
    needs: 'there is no push to guard.',
    marker: HOOK_MARKER,
    mode: 0o755,
    code: 'hook_exists',
    advice: 'Add `puffin verify --project <dir>` to it yourself, or move it aside and install again.',
    render: async (where) => {
      const hooks = await git(projectDir, ['rev-parse', '--path-format=absolute', '--git-path', 'hooks']);
      return { file: path.join(hooks.trim(), 'pre-push'), content: prePushHookScript(where.prefix) };
    },
  });
}
