import { describe, expect, it } from 'vitest';
import { ghHostname, normalizeApiUrl, parseRepo, RepoRefError } from './repoRef';

describe('parseRepo', () => {
  it('accepts OWNER/NAME (and a trailing .git)', () => {
    expect(parseRepo('octo-org/my.app_2')).toEqual({ owner: 'octo-org', name: 'my.app_2' });
    expect(parseRepo('octo/app.git')).toEqual({ owner: 'octo', name: 'app' });
  });

  it('refuses anything else with a typed invalid_payload', () => {
    for (const bad of ['octo', 'octo/app/x', '-octo/app', 'octo/..', 'oc to/app', '']) {
      expect(() => parseRepo(bad), bad).toThrow(RepoRefError);
    }
  });
});

describe('normalizeApiUrl', () => {
  it('defaults to api.github.com, drops a trailing slash and refuses other schemes', () => {
    expect(normalizeApiUrl(undefined)).toBe('https://api.github.com');
    expect(normalizeApiUrl('https://ghe.example.com/api/v3/')).toBe('https://ghe.example.com/api/v3');
    expect(() => normalizeApiUrl('ftp://x')).toThrow('--api-url must be http(s)');
    expect(() => normalizeApiUrl('not a url')).toThrow('--api-url is not a URL');
    expect(ghHostname('https://ghe.example.com:8443/api/v3')).toBe('ghe.example.com:8443');
  });
});
