import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, repoRoot } from './sourceFiles';

/** `../../shared/x` in a string, or `'..', '..', 'shared'` as path.join/resolve arguments. */
const CLIMB_TO_SHARED = [/['"`]((?:\.\.\/)+)shared\b/g, /((?:['"]\.\.['"],\s*)+)['"]shared['"]/g];

/** Whether a file names a `shared` folder outside the repository, relative to where the file lives. */
function readsOutside(file: string): boolean {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  if (/\/work\/shared\b/.test(text)) return true;
  return CLIMB_TO_SHARED.some((pattern) =>
    [...text.matchAll(pattern)].some((m) => {
      const ups = (m[1]?.match(/\.\./g) ?? []).length;
      const target = join(repoRoot, dirname(file), ...Array<string>(ups).fill('..'), 'shared');
      return relative(repoRoot, target).startsWith('..');
    }),
  );
}

describe('the repository stands alone', () => {
  it('no source, test, bench or script reads a folder beside the checkout (such as ../shared)', () => {
    const offenders = ['src', 'test', 'e2e', 'bench', 'scripts']
      .flatMap((dir) => listFiles(dir, /\.(ts|tsx|mts|mjs|js|cjs)$/))
      .concat('.ci/run')
      .filter((file) => !file.endsWith('standsAlone.test.ts'))
      .filter(readsOutside);
    expect(offenders).toEqual([]);
  });
});
