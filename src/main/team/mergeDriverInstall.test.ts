// Registering the merge driver: the attributes line joins what a user has in .gitattributes (a project in a
// sub-folder gets its own path), the repository's config names the command, and no package name is ever run.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import { installMergeDriver, mergeDriverCommand } from './mergeDriverInstall';

let repo: GitFixture;
beforeEach(async () => {
  repo = await createGitFixture('puffin-driver-install-');
});
afterEach(async () => {
  await repo.cleanup();
});

describe('installMergeDriver', () => {
  it('adds its line to a user’s .gitattributes, for a project in a sub-folder, and names the checkout', async () => {
    const project = path.join(repo.dir, 'apps', 'web');
    await mkdir(project, { recursive: true });
    await writeFile(path.join(repo.dir, '.gitattributes'), '*.png binary');
    const r = await installMergeDriver(project, '/opt/puffin checkout');
    expect(r.attributes.action).toBe('updated');
    expect(await readFile(path.join(repo.dir, '.gitattributes'), 'utf8')).toBe(
      '*.png binary\napps/web/.puffin/**/*.json merge=puffin\n',
    );
    expect((await repo.git('config', '--local', 'merge.puffin.driver')).trim()).toBe(
      "node '/opt/puffin checkout/bin/puffin.cjs' merge-driver %O %A %B %P",
    );
    // git applies it to the store's records, and only to them.
    const attr = async (file: string) => (await repo.git('check-attr', 'merge', '--', file)).trim();
    expect(await attr('apps/web/.puffin/stories/s1.json')).toBe(
      'apps/web/.puffin/stories/s1.json: merge: puffin',
    );
    expect(await attr('apps/web/package.json')).toBe('apps/web/package.json: merge: unspecified');
    expect((await installMergeDriver(project, '/opt/puffin checkout')).attributes.action).toBe('unchanged');
  });

  it('without a checkout runs a puffin on PATH, never npx', () => {
    expect(mergeDriverCommand(null)).toBe('puffin merge-driver %O %A %B %P');
    expect(mergeDriverCommand('/x')).not.toMatch(/npx|npm/);
  });
});
