import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readGitStatus, type GitStatus } from './gitStatus';
import { repoMapCacheDir } from './mapCache';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// Read-only git leaves the index as it is (a refreshed index would look like a user's commit to the snapshot).
const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'gc.auto=0', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
  });

function write(root: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

/** A committed repository with an untracked file, an ignored one, an empty folder and a nested .gitignore. */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'puffin-git-status-'));
  dirs.push(root);
  write(root, '.gitignore', '*.log\n.env\n');
  write(root, 'src/a.ts', 'export const a = 1;\n');
  write(root, 'src/deep/er/b.ts', 'export const b = 1;\n');
  write(root, 'docs/readme.md', '# app\n');
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'init');
  write(root, 'src/draft.ts', 'export const draft = 1;\n');
  write(root, 'src/debug.log', 'x');
  write(root, 'notes/.gitignore', '*.tmp\n');
  write(root, 'notes/todo.md', 'todo\n');
  mkdirSync(path.join(root, 'empty'));
  return root;
}

/** Every path's times a minute back, git's own files too: what a project looks like when nothing was just written. */
function settle(root: string): void {
  const past = new Date(Date.now() - 60_000);
  const visit = (abs: string) => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const child = path.join(abs, e.name);
      if (e.isDirectory()) visit(child);
      utimesSync(child, past, past);
    }
  };
  visit(root);
  utimesSync(root, past, past);
}

/** Git's own answer, asked the long way (every folder walked), to compare with. */
function truth(root: string): { changed: string[]; ignored: string[] } {
  const out = git(root, 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignored=matching');
  const entries = out.split('\0').filter((e) => e.length > 3);
  const inStore = (p: string) => p.startsWith('.puffin/');
  return {
    changed: entries
      .filter((e) => !e.startsWith('!!'))
      .map((e) => e.slice(3))
      .filter((p) => !inStore(p))
      .sort(),
    ignored: entries
      .filter((e) => e.startsWith('!!'))
      .map((e) => e.slice(3))
      .filter((p) => !inStore(p))
      .sort(),
  };
}

/** Some paths' times a minute back, leaving every other path's as it is. */
function backdate(root: string, ...rels: string[]): void {
  const past = new Date(Date.now() - 60_000);
  for (const rel of rels) utimesSync(path.join(root, rel), past, past);
}

const seen = (s: GitStatus | null) => ({
  changed: [...(s?.changed ?? [])].filter((p) => !p.startsWith('.puffin/')).sort(),
  ignored: (s?.ignored ?? []).filter((p) => !p.startsWith('.puffin/')),
});

const status = (root: string) => readGitStatus(root, performance.now() + 30_000);

/** The status, answered as `from` says, and equal to git's own long answer. */
async function expectStatus(root: string, from: GitStatus['untrackedFrom']): Promise<GitStatus | null> {
  const after = await status(root);
  expect(after?.untrackedFrom).toBe(from);
  expect(seen(after)).toEqual(truth(root));
  return after;
}

/** A project whose snapshot is in use: its first status walks, the next one answers from the snapshot. */
async function snapshotted(): Promise<string> {
  const root = project();
  settle(root);
  expect((await status(root))?.untrackedFrom).toBe('git');
  // Puffin's own cache folder was just created at the top: the top's new time is settled as well.
  settle(root);
  expect((await status(root))?.untrackedFrom).toBe('git');
  const second = await status(root);
  expect(second?.untrackedFrom).toBe('snapshot');
  expect(seen(second)).toEqual(truth(root));
  return root;
}

describe('git status with the untracked walk skipped while nothing it depends on changed', () => {
  it.each<[string, (root: string) => void]>([
    ['an untracked file added to a folder', (r) => write(r, 'src/fresh.ts', 'x')],
    ['a file added to a folder that was empty', (r) => write(r, 'empty/new.ts', 'x')],
    ['a file added deep down, its parents untouched', (r) => write(r, 'src/deep/er/c.ts', 'x')],
    ['a new folder with files', (r) => write(r, 'lib/x/y.ts', 'x')],
    ['an untracked file deleted', (r) => rmSync(path.join(r, 'src/draft.ts'))],
    ['a tracked file renamed', (r) => renameSync(path.join(r, 'src/a.ts'), path.join(r, 'src/a2.ts'))],
    ['an ignored file added where nothing else moved', (r) => write(r, 'docs/.env', 'SECRET=1')],
    ['a tracked .gitignore edited in place', (r) => write(r, '.gitignore', '*.ts\n.env\n')],
    ['an untracked .gitignore edited in place', (r) => write(r, 'notes/.gitignore', '*.md\n')],
    ["git's exclude file edited", (r) => write(r, '.git/info/exclude', 'docs/\n')],
    [
      'an untracked file committed',
      (r) => {
        git(r, 'add', 'src/draft.ts');
        git(r, 'commit', '-qm', 'draft');
      },
    ],
    [
      'a tracked file no longer tracked',
      (r) => {
        git(r, 'rm', '-q', '--cached', 'docs/readme.md');
        git(r, 'commit', '-qm', 'untrack');
      },
    ],
  ])('sees %s', async (_, change) => {
    const root = await snapshotted();
    change(root);
    await expectStatus(root, 'git');
  });

  it('keeps answering from the snapshot when only a file was edited in place, with the edit still listed', async () => {
    const root = await snapshotted();
    write(root, 'src/draft.ts', 'export const draft = 2;\n');
    write(root, 'src/a.ts', 'export const a = 2;\n');
    const after = await expectStatus(root, 'snapshot');
    expect(after?.changed).toContain('src/a.ts');
  });

  it('walks again into a folder git stops ignoring, and then watches it', async () => {
    const root = project();
    write(root, '.gitignore', '*.log\n.env\ndist/\n');
    write(root, 'dist/out.js', 'x');
    git(root, 'add', '.gitignore');
    git(root, 'commit', '-qm', 'ignore dist');
    const check = async () => expect(seen(await status(root))).toEqual(truth(root));
    settle(root);
    await check();
    settle(root);
    await check();
    expect((await status(root))?.untrackedFrom).toBe('snapshot');
    // Only the edited file's own time is set back: every folder keeps the key the snapshot has.
    write(root, '.gitignore', '*.log\n.env\n');
    backdate(root, '.gitignore');
    await check();
    await check();
    write(root, 'dist/more.js', 'x');
    const after = await status(root);
    expect(after?.changed).toContain('dist/more.js');
    expect(seen(after)).toEqual(truth(root));
  });

  it('still watches every folder after a walk that read only the changed ones', async () => {
    const root = await snapshotted();
    write(root, 'src/fresh.ts', 'x');
    backdate(root, 'src/fresh.ts', 'src');
    expect((await status(root))?.untrackedFrom).toBe('git');
    expect((await status(root))?.untrackedFrom).toBe('snapshot');
    write(root, 'src/deep/er/c.ts', 'x');
    await expectStatus(root, 'git');
  });

  it('does not trust folders changed within the last moments (a coarse clock could hide a second change)', async () => {
    const root = project();
    await status(root);
    // Puffin's cache folder exists from here on: what is still not trusted is the project's own fresh folders.
    expect((await status(root))?.untrackedFrom).toBe('git');
    expect((await status(root))?.untrackedFrom).toBe('git');
  });

  it('walks as git does alone when its snapshot is corrupt', async () => {
    const root = await snapshotted();
    writeFileSync(path.join(repoMapCacheDir(root), 'git-status.json'), '{"format":1,"watched":[[1]]}');
    write(root, 'empty/new.ts', 'x');
    await expectStatus(root, 'git');
  });
});
