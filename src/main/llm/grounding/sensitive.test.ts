import { describe, expect, it } from 'vitest';
import { matchesPattern, prefilterOf, SENSITIVE_PATTERNS, sensitiveMatch } from './sensitive';

/** What each path matches, as git's own rules read it (case-insensitive, a matched folder with all below it). */
const EXPECTED: [rel: string, pattern: string | undefined][] = [
  ['.env', '**/.env*'],
  ['.ENV', '**/.env*'],
  ['api/.env.local', '**/.env*'],
  ['config/.env.d/app.ts', '**/.env*'],
  ['keys/Server.PEM', '**/*.pem'],
  ['certs.pem/readme.md', '**/*.pem'],
  ['a/b/c.key', '**/*.key'],
  ['home/x/ID_RSA.pub', '**/id_rsa*'],
  ['id_ed25519', '**/id_ed25519*'],
  ['pkg/.npmrc', '**/.npmrc'],
  ['vault.kdbx', '**/*.kdbx'],
  ['.git/config', '.git/**'],
  ['.GIT/HEAD', '.git/**'],
  ['src/env.ts', undefined],
  ['src/b.env', undefined],
  ['.gitignore', undefined],
  ['.git', undefined],
  ['docs/keys.md', undefined],
  ['src/keystore.ts', undefined],
  ['src/a.pem.ts', undefined],
  ['my_id_rsa', undefined],
  ['sub/.git/config', undefined],
];

describe('sensitiveMatch', () => {
  it('names the pattern a path matches, as git would, and nothing for an ordinary file', () => {
    for (const [rel, pattern] of EXPECTED) expect(sensitiveMatch(rel)?.pattern, rel).toBe(pattern);
  });

  it('answers as the pattern matcher does for every path, the quick filter notwithstanding', () => {
    for (const [rel] of EXPECTED) {
      const slow = SENSITIVE_PATTERNS.find((p) => matchesPattern(p.pattern, rel));
      expect(sensitiveMatch(rel), rel).toBe(slow);
    }
  });
});

describe('prefilterOf', () => {
  it('passes every path when a pattern is of a form it cannot read, so the matcher decides', () => {
    const filter = prefilterOf(['**/.env*', 'src/**/secret?.txt']);
    expect(filter.test('anything/at/all.ts')).toBe(true);
  });

  it('rejects only paths no pattern can match', () => {
    const filter = prefilterOf(['**/*.pem', 'build/**']);
    expect(filter.test('a/b.PEM')).toBe(true);
    expect(filter.test('build/x.js')).toBe(true);
    expect(filter.test('a\\b.pem')).toBe(true);
    expect(filter.test('src/build/x.js')).toBe(false);
    expect(filter.test('a/b.pem.ts')).toBe(false);
  });
});
