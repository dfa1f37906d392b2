import { describe, expect, it } from 'vitest';
import { TargetIndex, type ChangedPath } from './affectedAssertions';

const index = new TargetIndex(
  new Map([
    [
      's1',
      [
        { id: 'file', target: './src/app.ts' },
        { id: 'dir', target: 'src/components' },
        { id: 'deep', target: 'src/components/Button.tsx' },
      ],
    ],
    [
      's2',
      [
        { id: 'ts', target: 'src/**/*.ts' },
        { id: 'css', target: 'styles/*.css' },
        { id: 'bad', target: '../outside.ts' },
      ],
    ],
  ]),
);

function affected(...changed: ChangedPath[]): Record<string, string[]> {
  return Object.fromEntries([...index.affected(changed)].map(([k, v]) => [k, [...v].sort()]));
}

const file = (rel: string): ChangedPath => ({ rel, kind: 'file' });

describe('TargetIndex.affected', () => {
  it('finds the assertions on a changed file: its literal target, folders above it, and matching globs', () => {
    expect(affected(file('src/app.ts'))).toEqual({ s1: ['file'], s2: ['ts'] });
    expect(affected(file('src/components/Button.tsx'))).toEqual({ s1: ['deep', 'dir'] });
    expect(affected(file('styles/main.css'))).toEqual({ s2: ['css'] });
  });

  it('finds nothing for a file no target names or matches', () => {
    expect(affected(file('README.md'), file('styles/deep/x.css'), file('lib/app.ts'))).toEqual({});
  });

  it('a folder that changed affects literal targets below it and globs that can match inside it', () => {
    expect(affected({ rel: 'src/components', kind: 'gone' })).toEqual({ s1: ['deep', 'dir'], s2: ['ts'] });
    expect(affected({ rel: 'styles', kind: 'folder' })).toEqual({ s2: ['css'] });
    expect(affected({ rel: 'lib', kind: 'folder' })).toEqual({});
  });
});
