import { describe, expect, it } from 'vitest';
import type { FileIssue, Plan } from '../../shared/plans';
import { markUnseen } from './unseenFiles';

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
