// The token: GITHUB_TOKEN, else what the GitHub CLI is logged in with (`gh auth token`, for the API's host).
import { GithubError } from './errors';
import { ghHostname } from './repoRef';

export type GhRunner = (args: string[]) => Promise<{ exitCode: number; stdout: string }>;

/** `gh` found on the face's PATH, with the face's environment (GH_CONFIG_DIR, GH_HOST...). */
const runGh = async (args: string[], env: Readonly<Record<string, string | undefined>>) => {
  // Loaded when first used: evaluating execa's modules cost every start ~5 ms of CPU.
  const { execa } = await import('execa');
  const r = await execa('gh', args, { reject: false, timeout: 10_000, env, extendEnv: false });
  return {
    exitCode: r.failed && r.exitCode === undefined ? 127 : (r.exitCode ?? 1),
    stdout: String(r.stdout ?? ''),
  };
};

export interface TokenSources {
  env?: Readonly<Record<string, string | undefined>>;
  gh?: GhRunner;
}

export interface ResolvedToken {
  token: string;
  source: 'GITHUB_TOKEN' | 'gh';
}

export async function resolveGithubToken(apiUrl: string, sources: TokenSources = {}): Promise<ResolvedToken> {
  const env = sources.env ?? process.env;
  const fromEnv = env.GITHUB_TOKEN?.trim();
  if (fromEnv) return { token: fromEnv, source: 'GITHUB_TOKEN' };
  const host = ghHostname(apiUrl);
  const gh: GhRunner = sources.gh ?? ((args) => runGh(args, env));
  const r = await gh(['auth', 'token', '--hostname', host]).catch(() => ({
    exitCode: 127,
    stdout: '',
  }));
  const token = r.stdout.trim();
  if (r.exitCode === 0 && token) return { token, source: 'gh' };
  throw new GithubError(
    'github_no_token',
    `No GitHub token: set GITHUB_TOKEN, or log the GitHub CLI in to ${host} (\`gh auth login --hostname ${host}\`).`,
    { host },
  );
}
