// The official client (@octokit/rest) pointed at github.com or an Enterprise server, every request going through the
// rate-limit handling, and its logging routed to ours (the CLI's stdout stays one JSON object).
import { Octokit } from '@octokit/rest';
import { withRateLimit, type RateLimitOptions } from './rateLimit';

export type GithubClient = InstanceType<typeof Octokit>;

export interface ClientOptions {
  token: string;
  apiUrl: string;
  userAgent?: string;
  rateLimit: RateLimitOptions;
  log?: { warn: (message: string) => void };
}

export function createGithubClient(options: ClientOptions): GithubClient {
  const quiet = (): void => {};
  const octokit = new Octokit({
    auth: options.token,
    baseUrl: options.apiUrl,
    userAgent: options.userAgent ?? 'puffin',
    log: { debug: quiet, info: quiet, warn: options.log?.warn ?? quiet, error: quiet },
  });
  octokit.hook.wrap('request', (request, requestOptions) =>
    withRateLimit(async () => request(requestOptions), options.rateLimit),
  );
  return octokit;
}

export const realTimers: Pick<RateLimitOptions, 'sleep' | 'now'> = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};
