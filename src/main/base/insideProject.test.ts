import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPathOf, requireInsideProject } from './insideProject';

const root = await mkdtemp(join(tmpdir(), 'puffin-inside-'));
const project = join(root, 'project');
const outside = join(root, 'outside');

beforeAll(async () => {
  await mkdir(join(project, 'src'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(project, 'src', 'a.ts'), '');
  const links: [target: string, link: string][] = [
    [outside, 'docs'], // a folder link out
    [join(outside, 'secret.txt'), 'dangling.md'], // a link to a file not there yet
    [join(project, 'src'), 'src-link'], // a link that stays inside
    [join(project, 'loop-b'), 'loop-a'],
    [join(project, 'loop-a'), 'loop-b'],
  ];
  for (const [target, link] of links) await symlink(target, join(project, link));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('requireInsideProject', () => {
  it('accepts files, folders and files not written yet inside the project, also through inner links', async () => {
    await expect(requireInsideProject(project, 'src/a.ts')).resolves.toBe(join(project, 'src', 'a.ts'));
    await expect(requireInsideProject(project, 'new/dir/file.md')).resolves.toBe(
      join(project, 'new/dir/file.md'),
    );
    await expect(requireInsideProject(project, 'src-link/a.ts')).resolves.toBe(
      join(project, 'src-link/a.ts'),
    );
  });

  it('accepts names that only begin with two dots, which stay inside the project', async () => {
    await expect(requireInsideProject(project, '..data/x.json')).resolves.toBe(
      join(project, '..data', 'x.json'),
    );
    await expect(requireInsideProject(project, join(project, '...'))).resolves.toBe(join(project, '...'));
  });

  it('refuses a path under a symlinked folder that leads outside, even for a file not there yet', async () => {
    const err = await requireInsideProject(project, 'docs/puffin/sprint.md').catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'outside_project',
      details: { realPath: join(outside, 'puffin', 'sprint.md') },
    });
    expect((err as Error).message).toMatch(/symbolic link leads to/);
  });

  it('refuses a dangling link to a file outside, .. escapes and absolute paths elsewhere', async () => {
    await expect(requireInsideProject(project, 'dangling.md')).rejects.toMatchObject({
      code: 'outside_project',
    });
    await expect(requireInsideProject(project, '../outside/x')).rejects.toMatchObject({
      code: 'outside_project',
    });
    await expect(requireInsideProject(project, join(outside, 'x'))).rejects.toMatchObject({
      code: 'outside_project',
    });
  });

  it('stops on a link loop with a typed error', async () => {
    await expect(realPathOf(join(project, 'loop-a', 'x'))).rejects.toMatchObject({ code: 'outside_project' });
  });
});
