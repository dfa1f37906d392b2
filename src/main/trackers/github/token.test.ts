import { describe, expect, it } from 'vitest';
import { GithubError } from './errors';
import { resolveGithubToken, type GhRunner } from './token';

describe('resolveGithubToken', () => {
  it('prefers GITHUB_TOKEN and does not run gh then', async () => {
    const gh: GhRunner = () => Promise.reject(new Error('gh must not run'));
    expect(await resolveGithubToken('https://api.github.com', { env: { GITHUB_TOKEN: ' t1 ' }, gh })).toEqual(
      {
        token: 't1',
        source: 'GITHUB_TOKEN',
      },
    );
  });

  it('asks gh for the API host’s token (github.com for api.github.com, the server for Enterprise)', async () => {
    const asked: string[][] = [];
    const gh: GhRunner = async (args) => {
      asked.push(args);
      return { exitCode: 0, stdout: 'gho_abc\n' };
    };
    expect(await resolveGithubToken('https://api.github.com', { env: {}, gh })).toEqual({
      token: 'gho_abc',
      source: 'gh',
    });
    await resolveGithubToken('https://ghe.example.com/api/v3', { env: {}, gh });
    expect(asked).toEqual([
      ['auth', 'token', '--hostname', 'github.com'],
      ['auth', 'token', '--hostname', 'ghe.example.com'],
    ]);
  });

  it('is a typed github_no_token when neither gives one (gh missing or logged out)', async () => {
    for (const gh of [
      (() => Promise.reject(new Error('ENOENT'))) as GhRunner,
      (async () => ({ exitCode: 1, stdout: '' })) as GhRunner,
    ]) {
      const err = await resolveGithubToken('https://api.github.com', { env: {}, gh }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(GithubError);
      expect((err as GithubError).code).toBe('github_no_token');
      expect((err as GithubError).message).toContain('set GITHUB_TOKEN');
    }
  });
});
