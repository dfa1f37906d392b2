import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan, PlanItem } from '../../shared/schema-types';
import { checkPlanFiles } from './fileChecks';

let root: string;
let project: string;

beforeAll(async () => {
  // <root>/project is the fixture project; <root>/outside is a folder next to it that links point into.
  root = await mkdtemp(join(tmpdir(), 'puffin-filechecks-'));
  project = join(root, 'project');
  await mkdir(join(project, 'src', 'lib'), { recursive: true });
  await mkdir(join(root, 'outside'), { recursive: true });
  await writeFile(join(project, 'package.json'), '{}');
  await writeFile(join(project, 'src', 'index.ts'), '');
  await writeFile(join(project, 'src', 'lib', 'util.ts'), '');
  await writeFile(join(root, 'outside', 'secret.ts'), '');
  await symlink(join(root, 'outside'), join(project, 'escape'));
  await symlink(join(project, 'src'), join(project, 'src-link'));
  await symlink(join(root, 'outside', 'nowhere.ts'), join(project, 'dangling.ts'));
  await symlink(join(project, 'loop-b'), join(project, 'loop-a'));
  await symlink(join(project, 'loop-a'), join(project, 'loop-b'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function item(storyId: string, filesModified: string[], filesCreated: string[] = []): PlanItem {
  return {
    order: 1,
    storyId,
    title: storyId,
    approach: 'x',
    filesCreated,
    filesModified,
    dependencies: [],
    complexity: 'low',
    notes: '',
  };
}

const plan = (...items: PlanItem[]): Plan => ({
  planItems: items,
  sharedComponents: [],
  risks: [],
  implementationOrder: items.map((i) => i.storyId),
});

describe('checkPlanFiles', () => {
  it('accepts existing modified files and new created files, including through links inside the project', async () => {
    const p = plan(
      item(
        's1',
        ['src/index.ts', './src/lib/util.ts', 'src-link/index.ts', 'src'],
        ['src/new.ts', 'docs/new/readme.md'],
      ),
    );
    expect(await checkPlanFiles(project, p)).toEqual([]);
  });

  it('flags modified files that are missing and created files that exist, naming story and path', async () => {
    const p = plan(item('s1', ['src/missing.ts'], ['src/index.ts']), item('s2', [], ['src/lib']));
    expect(await checkPlanFiles(project, p)).toEqual([
      {
        kind: 'modified_missing',
        storyId: 's1',
        path: 'src/missing.ts',
        message: expect.stringContaining('does not exist'),
      },
      {
        kind: 'created_exists',
        storyId: 's1',
        path: 'src/index.ts',
        message: expect.stringContaining('already exists'),
      },
      {
        kind: 'created_exists',
        storyId: 's2',
        path: 'src/lib',
        message: expect.stringContaining('a folder'),
      },
    ]);
  });

  it('flags paths outside the project: parent segments, absolute paths and links that escape', async () => {
    const p = plan(
      item(
        's1',
        [
          '../outside/secret.ts',
          '/etc/hosts',
          'C:\\Windows\\win.ini',
          'escape/secret.ts',
          'src/../../outside/secret.ts',
        ],
        ['escape/new.ts', 'dangling.ts', '.'],
      ),
    );
    const issues = await checkPlanFiles(project, p);
    expect(issues.map((i) => [i.kind, i.path])).toEqual([
      ['outside_project', '../outside/secret.ts'],
      ['outside_project', '/etc/hosts'],
      ['outside_project', 'C:\\Windows\\win.ini'],
      ['outside_project', 'escape/secret.ts'],
      ['outside_project', 'src/../../outside/secret.ts'],
      ['outside_project', 'escape/new.ts'],
      ['outside_project', 'dangling.ts'],
      ['outside_project', '.'],
    ]);
    expect(issues.every((i) => i.storyId === 's1' && i.message.includes(i.path))).toBe(true);
  });

  it('flags a symbolic link loop instead of failing the whole check', async () => {
    const issues = await checkPlanFiles(project, plan(item('s1', [], ['loop-a/new.ts'])));
    expect(issues).toEqual([
      {
        kind: 'outside_project',
        storyId: 's1',
        path: 'loop-a/new.ts',
        message: expect.stringContaining('loop'),
      },
    ]);
  });

  it('reports a path listed twice in one item once', async () => {
    const p = plan(item('s1', ['src/gone.ts', 'src/gone.ts']));
    expect(await checkPlanFiles(project, p)).toHaveLength(1);
  });
});
