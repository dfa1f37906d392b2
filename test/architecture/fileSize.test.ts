import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, repoRoot } from './sourceFiles';

/** The team guide's "small files": a file over this many lines is split by what its parts do. */
const MAX_LINES = 300;

/**
 * Files that were over the limit before this check existed, each with why. New files are never added here;
 * an entry is removed once its file is split (the check fails while a listed file is already small).
 */
const EXCEPTIONS: Record<string, string> = {
  'test/support/scenarios.ts': 'a table of scripted CLI scenarios (data, one entry per fault), not logic',
};

/** Generated files say so in their header (e.g. src/shared/schema-types.ts from `npm run gen:types`). */
const isGenerated = (text: string): boolean => text.slice(0, 300).includes('GENERATED FILE');

const SOURCE_DIRS = ['src', 'test', 'e2e', 'bench', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|cjs)$/;

function lineCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of SOURCE_DIRS.flatMap((dir) => listFiles(dir, SOURCE_FILE))) {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    if (!isGenerated(text)) counts.set(file, text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
  }
  return counts;
}

describe('source files', () => {
  const counts = lineCounts();

  it(`stay at or under ${MAX_LINES} lines (generated files and the listed exceptions aside)`, () => {
    const tooLong = [...counts]
      .filter(([file, lines]) => lines > MAX_LINES && !(file in EXCEPTIONS))
      .map(([file, lines]) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it('list no exception that is no longer needed', () => {
    const stale = Object.keys(EXCEPTIONS).filter((file) => (counts.get(file) ?? 0) <= MAX_LINES);
    expect(stale).toEqual([]);
  });
});
