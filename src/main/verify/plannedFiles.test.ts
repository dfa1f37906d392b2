import { describe, expect, it } from 'vitest';
import { comparePlannedFiles, normalizePath } from './plannedFiles';

describe('comparePlannedFiles', () => {
  it('splits each story’s planned files into touched and untouched, and lists changes no item planned', () => {
    const items = [
      { storyId: 's1', filesCreated: ['src/new.ts'], filesModified: ['./src/app.ts', 'src\\util.ts'] },
      { storyId: 's2', filesCreated: [], filesModified: ['src/app.ts', 'README.md'] },
    ];
    const changed = ['src/app.ts', 'src/util.ts', 'package.json', 'src/stray.ts'];
    expect(comparePlannedFiles(items, changed)).toEqual([
      {
        storyId: 's1',
        touched: ['src/app.ts', 'src/util.ts'],
        plannedUntouched: ['src/new.ts'],
        touchedUnplanned: ['package.json', 'src/stray.ts'],
      },
      {
        storyId: 's2',
        touched: ['src/app.ts'],
        plannedUntouched: ['README.md'],
        touchedUnplanned: ['package.json', 'src/stray.ts'],
      },
    ]);
  });

  it('never lists Puffin’s own writes (its store, sprint exports, CI workflow and report) as unplanned', () => {
    const changed = [
      '.puffin/stories/a.json',
      '.puffin/assertions/results/a.json',
      'docs/puffin/sprint-1.md',
      '.github/workflows/puffin-verify.yml',
      'puffin-junit.xml',
      'src/app.ts',
      'docs/puffinry.md',
      'src/.puffin/x.ts',
    ];
    const [row] = comparePlannedFiles([{ storyId: 's', filesCreated: [], filesModified: [] }], changed);
    expect(row!.touchedUnplanned).toEqual(['docs/puffinry.md', 'src/.puffin/x.ts', 'src/app.ts']);
  });

  it('counts a file planned twice once and ignores blank entries', () => {
    const [row] = comparePlannedFiles(
      [{ storyId: 's', filesCreated: ['a.ts', ' '], filesModified: ['a.ts'] }],
      [],
    );
    expect(row!.plannedUntouched).toEqual(['a.ts']);
  });

  it('normalizePath unifies separators and leading ./', () => {
    expect(normalizePath('.\\src//x.ts')).toBe('src/x.ts');
    expect(normalizePath('././a/b')).toBe('a/b');
  });
});
