// GitHub's Test connection: the token resolved as an export resolves it, and the repository read with it.
import type { TrackerTestResult } from '../../../shared/ipc/trackerChannels';
import { createGithubClient, realTimers } from '../../github/client';
import { checkRepo } from '../../github/repoSetup';
import { normalizeApiUrl, parseRepo, repoName } from '../../github/repoRef';
import { resolveGithubToken } from '../../github/token';

export async function checkGithubRepo(
  repoText: string,
  apiUrlText: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<TrackerTestResult> {
  const repo = parseRepo(repoText);
  const apiUrl = normalizeApiUrl(apiUrlText);
  const token = await resolveGithubToken(apiUrl, { env });
  const octokit = createGithubClient({
    token: token.token,
    apiUrl,
    rateLimit: { maxWaitMs: 10_000, ...realTimers },
  });
  await checkRepo({ octokit, repo, apiUrl });
  return { tracker: 'github', account: `token from ${token.source}`, place: repoName(repo) };
}
