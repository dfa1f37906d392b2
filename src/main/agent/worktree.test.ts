import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import { changedFiles, createStoryWorktree, slugOf } from './worktree';

let repo: GitFixture | undefined;
afterEach(async () => {
  await repo?.cleanup();
  repo = undefined;
});

const story = { id: '0a1b2c3d-aaaa-4bbb-8ccc-000000000001', title: 'Export the report as CSV!' };

describe('the story worktree', () => {
  it('slugs a title into lower-case words joined by dashes, bounded, never empty', () => {
    expect(slugOf('Export the report as CSV!')).toBe('export-the-report-as-csv');
    expect(slugOf('Élan — déjà vu')).toBe('elan-deja-vu');
    expect(slugOf('???')).toBe('story');
    expect(slugOf('a'.repeat(100)).length).toBeLessThanOrEqual(40);
  });

  it('branches from HEAD beside a dirty tree, never reuses a branch, and lists what changed there', async () => {
    repo = await createGitFixture();
    await repo.write({ 'README.md': '# App\n' });
    const head = await repo.commit('first');
    writeFileSync(path.join(repo.dir, 'README.md'), '# App, edited and not committed\n');

    const first = await createStoryWorktree(repo.dir, story);
    expect(first.branch).toBe('puffin/PUF-0a1b-export-the-report-as-csv');
    expect(first.base).toBe(head);
    expect(readFileSync(path.join(first.dir, 'README.md'), 'utf8')).toBe('# App\n');
    const second = await createStoryWorktree(repo.dir, story);
    expect(second.branch).toBe(`${first.branch}-2`);

    writeFileSync(path.join(first.dir, 'report.csv'), 'a,b\n');
    expect(await changedFiles(first)).toEqual(['report.csv']);
    // The user's tree: still dirty as they left it, on their branch, with nothing of the worktrees showing.
    expect(readFileSync(path.join(repo.dir, 'README.md'), 'utf8')).toContain('not committed');
    expect((await repo.git('status', '--porcelain')).trim()).toBe('M README.md');
    expect(existsSync(path.join(repo.dir, 'report.csv'))).toBe(false);
  });

  it('refuses a folder that is not a git repository', async () => {
    repo = await createGitFixture();
    await expect(createStoryWorktree(path.join(repo.dir, '..'), story)).rejects.toMatchObject({
      code: 'not_a_git_repo',
    });
  });
});
