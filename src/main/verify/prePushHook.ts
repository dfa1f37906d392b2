// `puffin hooks install`: a git pre-push hook that runs `puffin verify` and stops the push when an assertion fails.
// It runs the Puffin checkout that installed it (Puffin is not published: no package name is ever looked up), else
// a `puffin` on PATH; with neither it lets the push through and says so in one line, unless installed strict.
// It goes where git looks for hooks (core.hooksPath, a worktree's common hooks folder) and never replaces a hook
// that Puffin did not write.
import path from 'node:path';
import { git } from '../base/gitRepo';
import { writeRepoFile, type ManagedFileResult } from './managedFile';
import { runningPuffinRoot } from './puffinSource';

export const HOOK_MARKER = '# puffin-managed-hook: pre-push';

/** POSIX single quotes: safe for any path (a quote inside becomes '\''). */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface HookOptions {
  /** The Puffin checkout the hook runs (its bin/puffin.cjs); null: only a `puffin` on PATH. */
  puffinRoot: string | null;
  /** Stop the push when no Puffin is found (default: let it through, with one line saying so). */
  strict: boolean;
}

/** The hook script; `prefix` is the project folder relative to the repository root ('' at the root). */
export function prePushHookScript(prefix: string, options: HookOptions): string {
  const projectDir = prefix
    ? `"$(git rev-parse --show-toplevel)"/${shellQuote(prefix)}`
    : '"$(git rev-parse --show-toplevel)"';
  const bin = options.puffinRoot ? path.join(options.puffinRoot, 'bin', 'puffin.cjs') : null;
  const missing = `puffin pre-push: no Puffin found (${bin ? `neither node with ${bin} nor` : 'no'} puffin on PATH)`;
  const reinstall = 'run `puffin hooks install` again from a Puffin checkout';
  return [
    '#!/bin/sh',
    HOOK_MARKER,
    "# Written by `puffin hooks install`: runs the project's assertions before every push and stops the push",
    '# when one fails. `git push --no-verify` skips it once; deleting this file removes it. Puffin rewrites this',
    '# file only while the marker line above is in it.',
    `cd ${projectDir} || exit 1`,
    ...(bin
      ? [
          `puffin=${shellQuote(bin)}`,
          'if [ -f "$puffin" ] && command -v node >/dev/null 2>&1; then',
          '  exec node "$puffin" verify --project .',
          'fi',
        ]
      : []),
    'if command -v puffin >/dev/null 2>&1; then',
    '  exec puffin verify --project .',
    'fi',
    options.strict
      ? `echo ${shellQuote(`${missing}: push stopped (installed with --strict); ${reinstall}.`)} >&2`
      : `echo ${shellQuote(`${missing}: push not verified; ${reinstall}.`)} >&2`,
    `exit ${options.strict ? 1 : 0}`,
    '',
  ].join('\n');
}

/** Installs (or refreshes) the hook of the repository that holds `projectDir`. */
export function installPrePushHook(
  projectDir: string,
  { strict = false, puffinRoot = runningPuffinRoot() }: Partial<HookOptions> = {},
): Promise<ManagedFileResult> {
  return writeRepoFile(projectDir, {
    needs: 'there is no push to guard.',
    marker: HOOK_MARKER,
    mode: 0o755,
    code: 'hook_exists',
    advice: 'Add `puffin verify --project <dir>` to it yourself, or move it aside and install again.',
    render: async (where) => {
      const hooks = await git(projectDir, ['rev-parse', '--path-format=absolute', '--git-path', 'hooks']);
      return {
        file: path.join(hooks.trim(), 'pre-push'),
        content: prePushHookScript(where.prefix, { puffinRoot, strict }),
      };
    },
  });
}
