// Which Puffin is running: the checkout it was started from, and for a CI job the git source and commit that checkout
// came from. The hook and the workflow Puffin writes name exactly these, never a package name a registry could serve
// (Puffin is not published: `npx puffin` on a runner would fetch whatever a registry has under that name).
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorCodeOf } from '../../shared/errors';
import { git } from '../base/gitRepo';

/** Puffin runs from no git checkout (a packaged app, a copied install): there is no commit a job could install. */
export class PuffinSourceError extends Error {
  override readonly name = 'PuffinSourceError';
  readonly code = 'puffin_source_unknown' satisfies ErrorCodeOf<'verify'>;
}

/** The folder at or above `from` whose package.json is Puffin's, or null. */
export function findPuffinRoot(from: string): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown };
      if (pkg.name === 'puffin') return dir;
    } catch {
      // No readable package.json here: look further up.
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/** The checkout of the Puffin running this code (its sources, its build in out/, or the desktop bundle). */
export function runningPuffinRoot(): string | null {
  return findPuffinRoot(path.dirname(fileURLToPath(import.meta.url)));
}

export interface PuffinSource {
  /** Where a job fetches Puffin from: the checkout's remote (credentials removed), or its path without one. */
  url: string;
  /** The checkout's HEAD: what the job installs. */
  commit: string;
  /** Why the job may not get what runs here (uncommitted changes, an unpushed commit, a path only this machine has). */
  warnings: string[];
}

const gitOrNull = (dir: string, args: string[]): Promise<string | null> =>
  git(dir, args).then(
    (out) => out.trim() || null,
    () => null,
  );

/**
 * A URL a runner can fetch without this machine's credentials: user and password removed from http(s), and
 * GitHub's SSH form (git@github.com:owner/name) as its HTTPS address. Other SSH addresses stay as they are.
 */
export function fetchableUrl(url: string): string {
  const github = /^(?:ssh:\/\/)?git@github\.com[:/](.+)$/.exec(url);
  if (github) return `https://github.com/${github[1]}`;
  try {
    const u = new URL(url);
    if ((u.protocol === 'https:' || u.protocol === 'http:') && (u.username || u.password)) {
      u.username = '';
      u.password = '';
      return u.toString();
    }
  } catch {
    // Not a URL (scp-like SSH or a path): nothing to remove.
  }
  return url;
}

/** The remote HEAD's branch tracks, else `origin`, else the first one; null without remotes. */
async function remoteName(root: string): Promise<string | null> {
  const remotes = (await gitOrNull(root, ['remote']))?.split('\n') ?? [];
  const upstream = await gitOrNull(root, [
    'rev-parse',
    '--abbrev-ref',
    '--symbolic-full-name',
    '@{upstream}',
  ]);
  return (
    remotes.find((r) => upstream?.startsWith(`${r}/`)) ??
    (remotes.includes('origin') ? 'origin' : (remotes[0] ?? null))
  );
}

/** The source and commit of the checkout at `root`; a typed refusal when it is not a git checkout of its own. */
export async function puffinSource(root: string): Promise<PuffinSource> {
  const top = await gitOrNull(root, ['rev-parse', '--show-toplevel']);
  const commit =
    top && realpathSync(top) === realpathSync(root) ? await gitOrNull(root, ['rev-parse', 'HEAD']) : null;
  if (!commit)
    throw new PuffinSourceError(
      `Puffin at ${root} is not a git checkout with a commit, so there is no commit a CI job could install. ` +
        'Run this command with Puffin from a clone of its repository (git clone, npm install, then npm link).',
    );
  const warnings: string[] = [];
  if (await gitOrNull(root, ['status', '--porcelain', '--untracked-files=no']))
    warnings.push(
      `Puffin's checkout at ${root} has uncommitted changes: the workflow runs commit ${commit} without them.`,
    );
  const remote = await remoteName(root);
  if (!remote) {
    warnings.push(
      `Puffin's checkout at ${root} has no git remote: the workflow fetches it from that path, which only a runner ` +
        'on this machine can read. Push the checkout to a repository and run `puffin ci init` again.',
    );
    return { url: root, commit, warnings };
  }
  const url = fetchableUrl((await git(root, ['remote', 'get-url', remote])).trim());
  if (!(await gitOrNull(root, ['branch', '--remotes', '--contains', commit])))
    warnings.push(
      `Commit ${commit} of Puffin is on no branch of ${url} yet: push it before the workflow runs.`,
    );
  return { url, commit, warnings };
}
