// Where the hook and the workflow say Puffin comes from: its checkout, that checkout's remote and commit, and the
// warnings when a job could not get what runs here.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakePuffinCheckout, type FakePuffin } from '../../../test/support/fakePuffinCheckout';
import {
  fetchableUrl,
  findPuffinRoot,
  puffinSource,
  PuffinSourceError,
  runningPuffinRoot,
} from './puffinSource';

let puffin: FakePuffin;
beforeEach(async () => {
  puffin = await createFakePuffinCheckout();
});
afterEach(() => puffin.cleanup());

describe('fetchableUrl', () => {
  it('drops credentials and gives GitHub’s SSH form as HTTPS; other sources stay as they are', () => {
    expect(fetchableUrl('https://me:ghp_secret@github.com/o/puffin.git')).toBe(
      'https://github.com/o/puffin.git',
    );
    expect(fetchableUrl('git@github.com:o/puffin.git')).toBe('https://github.com/o/puffin.git');
    expect(fetchableUrl('ssh://git@github.com/o/puffin.git')).toBe('https://github.com/o/puffin.git');
    expect(fetchableUrl('git@gitlab.example:o/puffin.git')).toBe('git@gitlab.example:o/puffin.git');
    expect(fetchableUrl('/srv/git/puffin')).toBe('/srv/git/puffin');
  });
});

describe('findPuffinRoot', () => {
  it('finds the folder of Puffin’s package.json above a file, and this checkout for the running code', async () => {
    await mkdir(path.join(puffin.dir, 'out', 'headless'), { recursive: true });
    expect(findPuffinRoot(path.join(puffin.dir, 'out', 'headless'))).toBe(puffin.dir);
    expect(runningPuffinRoot()).toBe(fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, ''));
  });
});

describe('puffinSource', () => {
  it('without a remote: the checkout’s path, with a warning that only this machine can read it', async () => {
    const s = await puffinSource(puffin.dir);
    expect(s.url).toBe(puffin.dir);
    expect(s.commit).toBe(puffin.commitSha);
    expect(s.warnings).toHaveLength(1);
    expect(s.warnings[0]).toContain('has no git remote');
  });

  it('warns that uncommitted changes are not in the pinned commit', async () => {
    await puffin.git('remote', 'add', 'origin', 'git@github.com:o/puffin.git');
    await writeFile(path.join(puffin.dir, 'bin', 'puffin.cjs'), '// edited\n');
    const s = await puffin
      .git('update-ref', 'refs/remotes/origin/main', puffin.commitSha)
      .then(() => puffinSource(puffin.dir));
    expect(s.url).toBe('https://github.com/o/puffin.git');
    expect(s.warnings).toEqual([
      `Puffin's checkout at ${puffin.dir} has uncommitted changes: the workflow runs commit ${puffin.commitSha} without them.`,
    ]);
  });

  it('refuses, typed, a Puffin folder inside another repository (an install copied into a project)', async () => {
    const nested = path.join(puffin.dir, 'node_modules', 'puffin');
    await mkdir(nested, { recursive: true });
    await writeFile(path.join(nested, 'package.json'), '{"name":"puffin"}');
    const err = await puffinSource(nested).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PuffinSourceError);
    expect((err as PuffinSourceError).message).toContain('not a git checkout');
  });
});
