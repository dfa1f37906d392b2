// Test helpers live in test/support/, never beside product code: no file of src/ (tests aside) is named like a
// helper, reaches into test/, or exists only for tests (imported by tests, benches or scripts and nothing else).
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesNamed } from './modulesNamed';
import { listFiles, repoRoot } from './sourceFiles';

const CODE = /\.(tsx?|mts|cts)$/;
const isTest = (file: string): boolean => /\.test\.tsx?$/.test(file);
const isProduct = (file: string): boolean => file.startsWith('src/') && !isTest(file);

/** A name only a test helper would have: a testing/ or fixtures/ folder, *Testing*, testing.*, *Fixtures*, fake*, mock*. */
const HELPER_NAME =
  /(^|\/)(testing|fixtures|__mocks__)\/|Testing|(^|\/)testing\.|Fixtures?\.|(^|\/)(fake|mock)[A-Z]/;

/** The repo file a relative specifier names (any code file; none for JSON, CSS and packages). */
function resolve(from: string, specifier: string): string | undefined {
  const base = posix.join(posix.dirname(from), specifier);
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const candidate = base + suffix;
    if (CODE.test(candidate) && existsSync(join(repoRoot, candidate))) return candidate;
  }
  return undefined;
}

/** Every code file of the repository's own folders, with the repo files it names (type-only and lazy uses too). */
function importsOf(files: string[]): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    const targets = modulesNamed(file, text).flatMap((u) => resolve(file, u.specifier) ?? []);
    uses.set(file, [...new Set(targets)]);
  }
  return uses;
}

/** Who names each file: file → its importers. */
function importersOf(uses: Map<string, string[]>): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const [file, targets] of uses)
    for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), file]);
  return importers;
}

/** Entry points a bundler starts from (scripts/prebuiltLayout.cjs, electron.vite.config.ts), which tests also load. */
const ENTRY_POINTS = new Set(['src/cli/main.ts', 'src/preload/index.ts']);

/** Product files named only by tests, benches and scripts (a file nothing names is an entry point). */
export function onlyForTests(uses: Map<string, string[]>): string[] {
  const importers = importersOf(uses);
  return [...importers]
    .filter(([file, by]) => isProduct(file) && !ENTRY_POINTS.has(file) && by.every((i) => !isProduct(i)))
    .map(([file, by]) => `${file} (named only by ${by.join(', ')})`)
    .sort();
}

describe('test helpers out of product folders', () => {
  const files = ['src', 'test', 'bench', 'scripts', 'e2e'].flatMap((dir) => listFiles(dir, CODE));
  const uses = importsOf(files);

  it('no file of src/ but a test is named like a test helper', () => {
    expect(files.filter((f) => isProduct(f) && HELPER_NAME.test(f))).toEqual([]);
  });

  it('no product file names a file of test/', () => {
    const reaching = files
      .filter(isProduct)
      .flatMap((file) =>
        (uses.get(file) ?? []).filter((t) => t.startsWith('test/')).map((t) => `${file} → ${t}`),
      );
    expect(reaching).toEqual([]);
  });

  it('no product file exists only for tests, benches or scripts', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(onlyForTests(uses)).toEqual([]);
  });

  it('the check finds a helper beside product code', () => {
    const planted = new Map(uses);
    planted.set('src/main/llm/helper.ts', []);
    planted.set('src/main/llm/helper.test.ts', ['src/main/llm/helper.ts']);
    planted.set('bench/x.bench.ts', ['src/main/llm/helper.ts']);
    expect(onlyForTests(planted)).toEqual([
      'src/main/llm/helper.ts (named only by src/main/llm/helper.test.ts, bench/x.bench.ts)',
    ]);
    expect(HELPER_NAME.test('src/main/llm/testing.ts')).toBe(true);
    expect(HELPER_NAME.test('src/main/engines/claude-cli/sendPromptTesting.ts')).toBe(true);
    expect(HELPER_NAME.test('src/renderer/src/testing/setup.tsx')).toBe(true);
    expect(HELPER_NAME.test('src/main/engines/claude-cli/stream/streamJsonReader.ts')).toBe(false);
  });
});
