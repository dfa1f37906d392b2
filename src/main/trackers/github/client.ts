// The official client (@octokit/rest, loaded when first used) pointed at github.com or an Enterprise server, its
// logging routed to ours (the CLI's stdout stays one JSON object), and how its failures read: Octokit's RequestError
// (status, lower-cased response headers, GitHub's `{message, errors}` body) as the trackers' Failure, so every call
// goes through the one retry budget and the one mapping to typed errors (../session.ts).
import type { Octokit } from '@octokit/rest';
import type { Failure } from '../errors';
import { retryBudget, type RetryBudget } from '../retry';
import type { TrackerSession } from '../session';
import { normalizeApiUrl, parseRepo, repoName, type RepoRef } from './repoRef';
import { resolveGithubToken, type TokenSources } from './token';

export type GithubClient = InstanceType<typeof Octokit>;

export async function createGithubClient(options: {
  token: string;
  apiUrl: string;
  log?: { warn: (message: string) => void };
}): Promise<GithubClient> {
  const { Octokit } = await import('@octokit/rest');
  const quiet = (): void => {};
  return new Octokit({
    auth: options.token,
    baseUrl: options.apiUrl,
    userAgent: 'puffin',
    log: { debug: quiet, info: quiet, warn: options.log?.warn ?? quiet, error: quiet },
  });
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;

/** GitHub's 422 body lists each refused field: `{errors: [{resource, field, code, message}]}`. */
function refusedFields(data: unknown): Record<string, string> {
  const errors = isObject(data) && Array.isArray(data.errors) ? data.errors.filter(isObject) : [];
  const fields: Record<string, string> = {};
  for (const e of errors) {
    const name = [e.resource, e.field].filter((p) => typeof p === 'string' && p).join('.') || 'request';
    fields[name] = String(e.message ?? e.code ?? 'invalid');
  }
  return fields;
}

export function githubFailure(err: unknown): Failure | null {
  if (!(err instanceof Error)) return null;
  const e = err as Error & { status?: unknown; response?: { headers?: unknown; data?: unknown } };
  if (typeof e.status !== 'number') return null;
  // Octokit reports a request that got no answer (refused, DNS, reset) as a 500 without a response.
  if (!isObject(e.response)) {
    const cause = e.cause instanceof Error ? e.cause.message : e.message;
    return { status: 0, message: cause, header: () => undefined, fields: {} };
  }
  const headers = isObject(e.response.headers) ? e.response.headers : {};
  const header = (name: string): string | undefined => {
    const v = headers[name.toLowerCase()];
    return v === undefined || v === null ? undefined : String(v);
  };
  const data = e.response.data;
  const message = isObject(data) && typeof data.message === 'string' ? data.message : e.message;
  // GitHub refuses over its rate limits with 403 or 429: retry-after (secondary) or remaining 0 (primary).
  const rateLimited =
    (e.status === 403 || e.status === 429) &&
    (header('retry-after') !== undefined ||
      header('x-ratelimit-remaining') === '0' ||
      /rate limit/i.test(message));
  return { status: e.status, message, header, fields: refusedFields(data), rateLimited };
}

export interface GithubSession extends TrackerSession {
  octokit: GithubClient;
  repo: RepoRef;
  tokenSource: 'GITHUB_TOKEN' | 'gh';
}

export interface GithubSessionOptions {
  /** OWNER/NAME */
  repo: string;
  apiUrl?: string;
  token?: TokenSources;
  budget?: Partial<RetryBudget>;
  signal?: AbortSignal;
}

/** The token (GITHUB_TOKEN, else `gh auth token`), checked before any request, and the client. */
export async function githubSession(o: GithubSessionOptions): Promise<GithubSession> {
  const repo = parseRepo(o.repo);
  const apiUrl = normalizeApiUrl(o.apiUrl);
  const token = await resolveGithubToken(apiUrl, o.token);
  return {
    tracker: 'github',
    site: apiUrl,
    credentials:
      `GITHUB_TOKEN (or \`gh auth login\`): a token with access to ${repoName(repo)}'s issues ` +
      '(classic: repo scope; fine-grained: Issues read and write)',
    budget: retryBudget(o.budget),
    failure: githubFailure,
    octokit: await createGithubClient({ token: token.token, apiUrl }),
    repo,
    tokenSource: token.source,
    ...(o.signal ? { signal: o.signal } : {}),
  };
}
