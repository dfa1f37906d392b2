// GitHub's Test connection: the token resolved as an export resolves it, and the repository read with it.
import type { TrackerTestResult } from '../../../shared/ipc/trackerChannels';
import { githubSession } from './client';
import { repoName } from './repoRef';
import { checkRepo } from './repoSetup';

export async function checkGithubRepo(
  repoText: string,
  apiUrlText: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<TrackerTestResult> {
  const s = await githubSession({
    repo: repoText,
    ...(apiUrlText ? { apiUrl: apiUrlText } : {}),
    token: { env },
    budget: { maxWaitMs: 10_000 },
  });
  await checkRepo(s);
  return { tracker: 'github', account: `token from ${s.tokenSource}`, place: repoName(s.repo) };
}
