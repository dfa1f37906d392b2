import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listIgnored } from '../ignoredFiles';
import { repoMapCacheDir } from './mapCache';
import { loadMapInputs } from './mapInputs';
import { RepoMapBuilder } from './repoMap';
import type * as Summarise from './summarise';

// Every file the builder reads and parses goes through summarise(): counted here, whatever `parsed` says.
const reads = vi.hoisted(() => [] as string[]);
vi.mock('./summarise', async (importOriginal) => {
  const real = await importOriginal<typeof Summarise>();
  return {
    ...real,
    summariseAll: (root: string, files: { rel: string }[], options: never) => {
      reads.push(...files.map((f) => f.rel));
      return real.summariseAll(root, files as never, options);
    },
  };
});

const dirs: string[] = [];
beforeEach(() => void reads.splice(0));
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, stdio: 'pipe' });

function project(files: Record<string, string>, withGit: boolean): string {
  const root = mkdtempSync(path.join(tmpdir(), 'puffin-map-cache-'));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) write(root, rel, text);
  if (withGit) {
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'init');
  }
  return root;
}

function write(root: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

const files = {
  'package.json': '{"name":"app"}',
  'src/a.ts': 'export const a = 1;\n',
  'src/b.ts': 'export function b() {}\n',
  'docs/readme.md': '# app\n',
};

describe.each([
  ['a git work tree', true],
  ['a plain folder', false],
])('the repo map cache in %s', (_, withGit) => {
  it('is used by a later build (another process): nothing is read again', async () => {
    const root = project(files, withGit);
    const first = await new RepoMapBuilder(root).build();
    expect(reads.sort()).toEqual(Object.keys(files).sort());
    reads.splice(0);
    const second = await new RepoMapBuilder(root).build();
    expect(reads).toEqual([]);
    expect(second.parsed).toBe(0);
    expect(second.text).toBe(first.text);
    expect(second.text).toContain('b.ts 23B: function b');
  });

  it('reads only the file that changed, and an added one; a deleted file drops out', async () => {
    const root = project(files, withGit);
    await new RepoMapBuilder(root).build();
    reads.splice(0);
    write(root, 'src/b.ts', 'export function b2() {}\nexport class C {}\n');
    write(root, 'src/new.ts', 'export const fresh = 1;\n');
    rmSync(path.join(root, 'src/a.ts'));
    const map = await new RepoMapBuilder(root).build();
    expect(reads.sort()).toEqual(['src/b.ts', 'src/new.ts']);
    expect(map.text).toContain('function b2, class C');
    expect(map.text).toContain('new.ts 24B: const fresh');
    expect(map.text).not.toContain('a.ts');
    expect(map.files).toBe(4);

    // Deleting a file changes nothing else: no file is read, the map loses it.
    reads.splice(0);
    rmSync(path.join(root, 'docs/readme.md'));
    const after = await new RepoMapBuilder(root).build();
    expect(reads).toEqual([]);
    expect(after.text).not.toContain('readme.md');
    expect(after.files).toBe(3);
  });

  it('follows a renamed file: the new name is mapped, the old one drops out', async () => {
    const root = project(files, withGit);
    await new RepoMapBuilder(root).build();
    reads.splice(0);
    renameSync(path.join(root, 'src/b.ts'), path.join(root, 'src/moved.ts'));
    const map = await new RepoMapBuilder(root).build();
    expect(map.text).toContain('moved.ts 23B: function b');
    expect(map.text).not.toContain(' b.ts');
    expect(map.files).toBe(4);
    if (!withGit) return;
    // The rename staged (git mv) and then committed: each state is seen.
    git(root, 'add', '-A');
    expect((await new RepoMapBuilder(root).build()).text).toContain('moved.ts');
    git(root, 'mv', 'src/moved.ts', 'src/again.ts');
    const staged = await new RepoMapBuilder(root).build();
    expect(staged.text).toContain('again.ts 23B: function b');
    expect(staged.text).not.toContain('moved.ts');
    git(root, 'commit', '-qm', 'rename');
    expect((await new RepoMapBuilder(root).build()).text).toBe(staged.text);
  });

  it('rebuilds from the files when the cache is corrupt or of another format', async () => {
    const root = project(files, withGit);
    const good = await new RepoMapBuilder(root).build();
    const dir = repoMapCacheDir(root);
    for (const bad of ['{"format":1,"entries":{"src/a.ts":{"key":3}}', 'not json', '{"format":999}']) {
      for (const f of readdirSync(dir)) if (f.endsWith('.json')) writeFileSync(path.join(dir, f), bad);
      reads.splice(0);
      const rebuilt = await new RepoMapBuilder(root).build();
      expect(reads.sort()).toEqual(Object.keys(files).sort());
      expect(rebuilt.text).toBe(good.text);
    }
  });

  it('stays whole when two builds write it at once', async () => {
    const root = project(files, withGit);
    write(root, 'src/c.ts', 'export const c = 3;\n');
    const [one, two] = await Promise.all([
      new RepoMapBuilder(root).build(),
      new RepoMapBuilder(root).build(),
    ]);
    expect(two.text).toBe(one.text);
    reads.splice(0);
    expect((await new RepoMapBuilder(root).build()).text).toBe(one.text);
    expect(reads).toEqual([]);
    expect(readdirSync(repoMapCacheDir(root)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('the repo map in a git work tree', () => {
  it('follows a commit that changes a file without touching the others', async () => {
    const root = project(files, true);
    await new RepoMapBuilder(root).build();
    write(root, 'src/a.ts', 'export const renamed = 1;\n');
    git(root, 'commit', '-qam', 'edit');
    reads.splice(0);
    const map = await new RepoMapBuilder(root).build();
    expect(reads).toEqual(['src/a.ts']);
    expect(map.text).toContain('const renamed');
  });

  it('leaves out what git ignores and keeps its own cache out of git status', async () => {
    const root = project({ ...files, '.gitignore': 'dist/\n' }, true);
    write(root, 'dist/out.js', 'export const built = 1;\n');
    const map = await new RepoMapBuilder(root).build({
      policy: { classify: (rel) => (rel.startsWith('dist/') ? 'ignored' : null) },
    });
    expect(map.text).not.toContain('dist');
    expect(git(root, 'status', '--porcelain').toString()).toBe('');
  });

  it("finds the first build's map at the second grounded call, although its own cache now shows as ignored", async () => {
    const root = project(files, true);
    const build = async () => {
      const inputs = await loadMapInputs(root, []);
      return new RepoMapBuilder(root).build({
        policy: inputs.policy.policy,
        policyKey: inputs.policy.key,
        gitStatus: inputs.gitStatus,
      });
    };
    const first = await build();
    expect((await loadMapInputs(root, [])).gitStatus?.ignored).toContain('.puffin/local/.gitignore');
    // Were the rendered map missed, the summaries would be needed: spoilt, every file would be read again.
    writeFileSync(path.join(repoMapCacheDir(root), 'entries.json'), 'not json');
    reads.splice(0);
    expect((await build()).text).toBe(first.text);
    expect(reads).toEqual([]);
  });

  it("takes what git ignores from the same status as the map, as git's own ignored listing has it", async () => {
    const root = project({ ...files, '.gitignore': 'dist/\nnode_modules/\n*.log\n' }, true);
    write(root, 'dist/out.js', 'x');
    write(root, 'node_modules/dep/index.js', 'x');
    write(root, 'src/debug.log', 'x');
    write(root, 'src/fresh.ts', 'export const f = 1;\n');
    // Git's own answer first: the status keeps a snapshot in Puffin's local store, which git then ignores too.
    const ignored = await listIgnored(root);
    const inputs = await loadMapInputs(root, []);
    expect(inputs.gitStatus?.ignored).toEqual(ignored);
    expect(inputs.gitStatus?.changed).toEqual(['src/fresh.ts']);
    expect(inputs.policy.policy.classify('src/debug.log')).toBe('ignored');
    const map = await new RepoMapBuilder(root).build({
      policy: inputs.policy.policy,
      policyKey: inputs.policy.key,
      gitStatus: inputs.gitStatus,
    });
    expect(map.text).toContain('fresh.ts');
    expect(map.text).not.toMatch(/dist|node_modules|debug\.log/);
  });
});
