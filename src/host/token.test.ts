import { describe, expect, it } from 'vitest';
import { newToken, tokenMatches } from './token';

describe('tokenMatches', () => {
  const token = 'k3Y-abc_DEF123';

  it('accepts the exact token', () => {
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token, String(token))).toBe(true);
  });

  it.each([
    ['a different token', 'k3Y-abc_DEF124'],
    ['a prefix', 'k3Y-abc'],
    ['a longer string', `${token}x`],
    ['other case', token.toUpperCase()],
    ['surrounding spaces', ` ${token} `],
  ])('refuses %s', (_what, given) => {
    expect(tokenMatches(token, given)).toBe(false);
  });

  it('refuses missing or empty tokens', () => {
    expect(tokenMatches(token, undefined)).toBe(false);
    expect(tokenMatches(token, null)).toBe(false);
    expect(tokenMatches(token, '')).toBe(false);
    // Even when the expected token is empty, an empty answer does not pass.
    expect(tokenMatches('', '')).toBe(false);
  });

  it('refuses non-strings that slip through untyped callers', () => {
    expect(tokenMatches(token, ['k3Y-abc_DEF123'] as unknown as string)).toBe(false);
    expect(tokenMatches(token, 42 as unknown as string)).toBe(false);
  });
});

describe('newToken', () => {
  it('makes URL-safe tokens with 256 bits of randomness, different every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newToken()));
    expect(tokens.size).toBe(100);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(tokenMatches(t, t)).toBe(true);
    }
  });
});
