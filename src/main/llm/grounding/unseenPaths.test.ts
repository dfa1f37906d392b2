import { describe, expect, it } from 'vitest';
import { assertionReferences, flagUnseenPaths, plannedFiles, planReferences } from './unseenPaths';

const files = ['src/store.ts', 'src/ui/App.tsx', 'package.json'];

describe('flagUnseenPaths', () => {
  it('flags a modified or checked file that neither exists nor was read', () => {
    const flags = flagUnseenPaths(
      [
        { path: 'src/utils/helpers.ts', owner: 'story s1', role: 'modify' },
        { path: './src/store.ts', owner: 'story s1', role: 'modify' },
        { path: 'src\\services\\api.ts', owner: 'assertion A3', role: 'target' },
      ],
      { read: ['src/store.ts'], files },
    );
    expect(flags.map((f) => [f.path, f.owner, f.role])).toEqual([
      ['src/utils/helpers.ts', 'story s1', 'modify'],
      ['src/services/api.ts', 'assertion A3', 'target'],
    ]);
    expect(flags[0]?.message).toBe(
      '"src/utils/helpers.ts" is to be modified by story s1, but it does not exist and the model never read it: the path was guessed.',
    );
  });

  it('does not flag files to be created, assertions on planned files, folders, globs or paths outside', () => {
    const flags = flagUnseenPaths(
      [
        { path: 'src/new/feature.ts', owner: 's1', role: 'create' },
        { path: 'src/new/feature.ts', owner: 'A1', role: 'target' },
        { path: 'src/ui', owner: 'A2', role: 'target' },
        { path: 'src/**/*.ts', owner: 'A3', role: 'target' },
        { path: '../other/x.ts', owner: 'A4', role: 'target' },
        { path: 'package.json', owner: 'A5', role: 'target' },
      ],
      { read: [], files, planned: ['src/new/feature.ts'] },
    );
    expect(flags).toEqual([]);
  });

  it('flags a path once per owner', () => {
    const ref = { path: 'src/x.ts', owner: 's1', role: 'modify' as const };
    expect(flagUnseenPaths([ref, ref, { ...ref, owner: 's2' }], { read: [], files })).toHaveLength(2);
  });
});

describe('references of a plan and of assertions', () => {
  it('flags a guessed file of a plan and an assertion on it, not the files the plan creates', () => {
    const plan = {
      planItems: [
        { storyId: 's1', filesModified: ['src/store.ts', 'src/guessed.ts'], filesCreated: ['src/new.ts'] },
      ],
    };
    const refs = [
      ...planReferences(plan),
      ...assertionReferences([
        { id: 'A1', target: 'src/new.ts' },
        { id: 'A2', target: 'src/guessed.ts' },
      ]),
    ];
    const flags = flagUnseenPaths(refs, { read: ['src/store.ts'], files, planned: plannedFiles(plan) });
    expect(flags.map((f) => `${f.owner}: ${f.path}`)).toEqual([
      'story s1: src/guessed.ts',
      'assertion A2: src/guessed.ts',
    ]);
  });
});
