import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './sourceFiles';

interface LockedPackage {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** Where npm would find `name` for the package locked at `from`: its own node_modules, then each parent's. */
function resolves(packages: Record<string, LockedPackage>, from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (`${base ? `${base}/` : ''}node_modules/${name}` in packages) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

/**
 * `npm ci` refuses a lockfile that lacks an entry for any dependency, optional platform packages included, even those
 * it would skip on this machine. A registry mirror without another platform's package leaves that entry out silently,
 * and only a clean install elsewhere notices.
 */
describe('package-lock.json', () => {
  it('has an entry for every dependency of every locked package, as npm ci requires', () => {
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockedPackage>;
    };
    const missing: string[] = [];
    for (const [at, pkg] of Object.entries(lock.packages)) {
      const names = [
        ...Object.keys(pkg.dependencies ?? {}),
        ...Object.keys(pkg.optionalDependencies ?? {}),
        ...(at === '' ? Object.keys(pkg.devDependencies ?? {}) : []),
      ];
      for (const name of names)
        if (!resolves(lock.packages, at, name)) missing.push(`${at || '(root)'} → ${name}`);
    }
    expect(missing).toEqual([]);
  });
});
