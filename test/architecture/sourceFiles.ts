import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const repoRoot = join(import.meta.dirname, '../..');

const SKIP_DIRS = new Set(['node_modules', 'out', 'dist', 'fixtures', 'test-results', 'playwright-report']);

/** Every file under `dir` (relative to the repo, with `/` separators) whose name matches `pattern`. */
export function listFiles(dir: string, pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (abs: string): void => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(path);
      } else if (pattern.test(entry.name)) {
        found.push(relative(repoRoot, path).split(sep).join('/'));
      }
    }
  };
  walk(join(repoRoot, dir));
  return found.sort();
}
