import { describe, expect, it } from 'vitest';
import { globToRegExp, isGlob } from './glob';

describe('globToRegExp', () => {
  const cases: [string, string, boolean][] = [
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/main/deep/a.ts', true],
    ['src/**/*.ts', 'src/a.tsx', false],
    ['src/**/*.ts', 'lib/src/a.ts', false],
    ['src/*.ts', 'src/main/a.ts', false],
    ['**/*.css', 'app.css', true],
    ['lib/**', 'lib/a/b/c.js', true],
    ['src/*.{ts,tsx}', 'src/App.tsx', true],
    ['src/*.{ts,tsx}', 'src/App.jsx', false],
    ['file?.txt', 'file1.txt', true],
    ['file?.txt', 'file10.txt', false],
    ['[ab].json', 'a.json', true],
    ['[!ab].json', 'a.json', false],
    ['[!ab].json', 'c.json', true],
    ['**/.env*', '.env', true],
    ['**/.env*', 'app/.env.local', true],
    ['a.b', 'axb', false], // dots are literal
  ];
  it.each(cases)('%s against %s is %s', (glob, file, expected) => {
    expect(globToRegExp(glob).test(file)).toBe(expected);
  });

  it('tells globs from plain paths', () => {
    expect(isGlob('src/**/*.ts')).toBe(true);
    expect(isGlob('src/{a,b}.ts')).toBe(true);
    expect(isGlob('src/main/ipc.ts')).toBe(false);
  });
});
