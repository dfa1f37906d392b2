import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_GROUNDING } from '../../shared/grounding';
import type { FileIssue, Plan } from '../../shared/plans';
import { markUnseen, unseenTargetWarnings } from './unseenFiles';

const plan = {
  planItems: [
    { storyId: 's1', filesModified: ['src/read.ts', 'src/guessed.ts'], filesCreated: ['src/new.ts'] },
  ],
} as unknown as Plan;
const missing = (path: string): FileIssue => ({
  kind: 'modified_missing',
  storyId: 's1',
  path,
  message: `"${path}" is listed as modified by story s1 but does not exist in the project.`,
});

describe('markUnseen', () => {
  it('tells a guessed path (missing and never read) from a missing file the model did read', () => {
    const other: FileIssue = { kind: 'created_exists', storyId: 's1', path: 'src/new.ts', message: 'exists' };
    const issues = markUnseen([missing('src/read.ts'), missing('src/guessed.ts'), other], plan, [
      'src/read.ts',
    ]);
    expect(issues.map((i) => [i.path, i.kind])).toEqual([
      ['src/read.ts', 'modified_missing'],
      ['src/guessed.ts', 'unseen_missing'],
      ['src/new.ts', 'created_exists'],
    ]);
    expect(issues[1]?.message).toBe(
      '"src/guessed.ts" is to be modified by story s1, but it does not exist and the model never read it: the path was guessed.',
    );
  });
});

describe('unseenTargetWarnings', () => {
  it('warns about an assertion on a file that neither exists, nor was read, nor is planned', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'puffin-unseen-targets-'));
    try {
      mkdirSync(path.join(root, 'src'));
      writeFileSync(path.join(root, 'src', 'read.ts'), 'x');
      const grounding = { ...EMPTY_GROUNDING, filesRead: ['src/read.ts'] };
      const assertions = [
        { id: 'A1', target: 'src/read.ts' },
        { id: 'A2', target: 'src/new.ts' },
        { id: 'A3', target: 'src/guessed.ts' },
        { id: 'A4', target: 'src/**/*.ts' },
      ];
      expect(await unseenTargetWarnings(root, assertions, grounding, plan)).toEqual([
        '"src/guessed.ts" is checked by assertion A3, but it does not exist and the model never read it: the path was guessed.',
      ]);
      expect(await unseenTargetWarnings(root, assertions, undefined, plan)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
