// OWNER/NAME and the API root: github.com's https://api.github.com, or an Enterprise server's
// https://HOST/api/v3 given with --api-url.
import type { ErrorCode } from '../../../shared/errors';

export const GITHUB_API_URL = 'https://api.github.com';

export interface RepoRef {
  owner: string;
  name: string;
}

// GitHub's rules: an owner is letters, digits and single hyphens; a repository name adds "." and "_".
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const NAME = /^[A-Za-z0-9._-]{1,100}$/;

export class RepoRefError extends Error {
  override readonly name = 'RepoRefError';
  readonly code = 'invalid_payload' satisfies ErrorCode;
}

export function parseRepo(text: string): RepoRef {
  const [owner = '', name = '', ...rest] = text
    .trim()
    .replace(/\.git$/, '')
    .split('/');
  if (rest.length > 0 || !OWNER.test(owner) || !NAME.test(name) || name === '.' || name === '..')
    throw new RepoRefError(`--repo must be OWNER/NAME (e.g. octo/app), not ${JSON.stringify(text)}.`);
  return { owner, name };
}

export function repoName(repo: RepoRef): string {
  return `${repo.owner}/${repo.name}`;
}

/** The API root without a trailing slash; only http(s). */
export function normalizeApiUrl(apiUrl: string | undefined): string {
  if (apiUrl === undefined || apiUrl.trim() === '') return GITHUB_API_URL;
  let url: URL;
  try {
    url = new URL(apiUrl.trim());
  } catch {
    throw new RepoRefError(`--api-url is not a URL: ${JSON.stringify(apiUrl)}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new RepoRefError(`--api-url must be http(s), not ${url.protocol}`);
  return url.toString().replace(/\/+$/, '');
}

/** The host `gh auth token --hostname` knows the API by: github.com for api.github.com, else the server's host. */
export function ghHostname(apiUrl: string): string {
  const host = new URL(apiUrl).host;
  return host === 'api.github.com' ? 'github.com' : host;
}
