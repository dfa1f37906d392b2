import { describe, expect, it } from 'vitest';
import { listedPaths, targetOf } from './toolCalls';

describe('targetOf', () => {
  it('names the path, command or URL of a call', () => {
    expect(targetOf('Read', { file_path: '/p/a.ts' })).toBe('/p/a.ts');
    expect(targetOf('Grep', { pattern: 'x' })).toBe('');
    expect(targetOf('Glob', { pattern: '*', path: 'src' })).toBe('src');
    expect(targetOf('Bash', { command: 'ls' })).toBe('ls');
    expect(targetOf('NotebookEdit', { notebook_path: 'n.ipynb' })).toBe('n.ipynb');
    expect(targetOf('Mystery', { a: 1 })).toBe('{"a":1}');
  });
});

describe('listedPaths', () => {
  it('reads a Glob listing and its truncation note', () => {
    expect(
      listedPaths(
        'Glob',
        'src/a.ts\nsrc/b.ts\n(Results are truncated. Consider using a more specific path or pattern.)',
      ),
    ).toEqual(['src/a.ts', 'src/b.ts']);
    expect(listedPaths('Glob', 'No files found')).toEqual([]);
  });

  it('reads Grep in files, content and count modes', () => {
    expect(listedPaths('Grep', 'Found 2 files\nsrc/a.ts\nlib/b-2.js')).toEqual(['src/a.ts', 'lib/b-2.js']);
    expect(listedPaths('Grep', 'src/a.ts:3:const x = 1\nsrc/a.ts:9:x\nsrc/b-1.ts-4-context')).toEqual([
      'src/a.ts',
      'src/b-1.ts',
    ]);
    expect(
      listedPaths('Grep', 'src/a.ts:2\nsrc/c.ts:5\n\nFound 7 total occurrences across 2 files.'),
    ).toEqual(['src/a.ts', 'src/c.ts']);
    expect(listedPaths('Grep', 'No matches found')).toEqual([]);
  });
});
