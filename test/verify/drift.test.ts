// Drift: verify names a story whose assertions were edited or deleted since they last all passed, with that run's
// commit; an unchanged story (or one whose assertions only got saved with their keys in another order) is not named.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPuffin } from '../support/cli/inProcessCli';
import { scratchDir } from '../support/scratchDir';

const STORY = '11111111-2222-4333-8444-555555555555';
const env = () => ({ PATH: process.env.PATH ?? '', PUFFIN_USER_DATA: scratchDir('puffin-drift-user-') });
const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
    cwd: dir,
    encoding: 'utf8',
  }).trim();

const assertion = (id: string, content: string) => ({
  id,
  criterion: 'AC1',
  type: 'FILE_CONTAINS',
  target: 'src/app.ts',
  message: `app says ${content}`,
  assertion: { content },
});

async function project(): Promise<string> {
  const dir = scratchDir('puffin-drift-');
  git(dir, 'init', '-q');
  await mkdir(path.join(dir, '.puffin', 'stories'), { recursive: true });
  await mkdir(path.join(dir, '.puffin', 'assertions'), { recursive: true });
  await writeFile(
    path.join(dir, '.puffin', 'store.json'),
    JSON.stringify({ version: 2, createdAt: '2026-11-01T00:00:00.000Z' }),
  );
  const at = '2026-11-01T00:00:00.000Z';
  await writeFile(
    path.join(dir, '.puffin', 'stories', `${STORY}.json`),
    JSON.stringify({
      id: STORY,
      title: 'Greets',
      description: 'd',
      acceptanceCriteria: ['It greets'],
      status: 'pending',
      createdAt: at,
      updatedAt: at,
    }),
  );
  await mkdir(path.join(dir, 'src'));
  await writeFile(path.join(dir, 'src', 'app.ts'), 'export const hello = "hello world";\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'start');
  return dir;
}

const saveAssertions = (dir: string, assertions: unknown[]) =>
  writeFile(
    path.join(dir, '.puffin', 'assertions', `${STORY}.json`),
    JSON.stringify({ storyId: STORY, assertions }),
  );

interface Drift {
  storyId: string;
  edited: string[];
  deleted: string[];
  lastPassedCommit: string | null;
}

describe('verify and drift', () => {
  it('names edited and deleted assertions since the last passing run, with its commit', async () => {
    const dir = await project();
    const puffin = (argv: string[]) => runPuffin(argv, { env: env(), cwd: dir });
    await saveAssertions(dir, [
      assertion('A1', 'hello'),
      assertion('A2', 'world'),
      assertion('A3', 'export'),
    ]);
    const first = await puffin(['verify', '--project', '.']);
    expect(first.code).toBe(0);
    expect((first.out.data as { drift: Drift[] }).drift).toEqual([]);
    const commit = git(dir, 'rev-parse', 'HEAD');

    // Same assertions, keys in another order: not an edit.
    await saveAssertions(dir, [
      {
        assertion: { content: 'hello' },
        target: 'src/app.ts',
        type: 'FILE_CONTAINS',
        criterion: 'AC1',
        id: 'A1',
        message: 'app says hello',
      },
      assertion('A2', 'world'),
      assertion('A3', 'export'),
    ]);
    expect(((await puffin(['verify', '--project', '.'])).out.data as { drift: Drift[] }).drift).toEqual([]);

    // Weakened (A2 now checks less) and removed (A3): still passes, so only drift tells.
    await saveAssertions(dir, [assertion('A1', 'hello'), assertion('A2', 'w')]);
    const after = await puffin(['verify', '--project', '.']);
    expect(after.code).toBe(0);
    expect((after.out.data as { drift: Drift[] }).drift).toEqual([
      expect.objectContaining({ storyId: STORY, edited: ['A2'], deleted: ['A3'], lastPassedCommit: commit }),
    ]);
    expect(after.out.warnings).toEqual([
      expect.stringContaining('A2 edited and A3 deleted since they last all passed'),
    ]);
  });
});
