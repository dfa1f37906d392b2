// The formats' own tools judge Puffin's exports: the real OpenSpec validator (`openspec validate --strict`) and
// the real Backlog.md CLI (`backlog task list|view`), both devDependencies, run offline with a scratch HOME.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { writeBacklogMd } from '../../src/main/formats/backlogMd/write';
import { writeOpenSpec } from '../../src/main/formats/openspec/write';
import { scratchDir } from '../support/scratchDir';
import { sprintBundle } from './sprintBundle';

const run = promisify(execFile);
const bin = (name: string) => path.join(process.cwd(), 'node_modules', '.bin', name);

async function writeAll(dir: string, files: Map<string, string | null>): Promise<void> {
  for (const [rel, text] of files) {
    if (text === null) continue;
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
}

async function judge(cmd: string, args: string[], cwd: string): Promise<{ code: number; stdout: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: cwd, DO_NOT_TRACK: '1', NO_COLOR: '1', CI: '1' };
  try {
    const { stdout } = await run(bin(cmd), args, { cwd, env, timeout: 60_000 });
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '' };
  }
}

interface Validation {
  items: { id: string; valid: boolean; issues: unknown[] }[];
}

describe('OpenSpec validator', () => {
  it('passes the change Puffin writes, in strict mode', async () => {
    const dir = scratchDir('puffin-openspec-');
    await writeAll(dir, writeOpenSpec(sprintBundle()));
    const r = await judge(
      'openspec',
      ['validate', '--changes', '--strict', '--json', '--no-interactive'],
      dir,
    );
    const out = JSON.parse(r.stdout) as Validation;
    expect(out.items, r.stdout).toHaveLength(1);
    expect(out.items[0]!.issues).toEqual([]);
    expect(out.items[0]!.valid).toBe(true);
    expect(r.code).toBe(0);
  });

  it('is a real judge: a requirement without SHALL or MUST fails it', async () => {
    const dir = scratchDir('puffin-openspec-bad-');
    const files = writeOpenSpec(sprintBundle());
    const broken = new Map(
      [...files].map(([p, t]) => [p, t.replace(/^The system SHALL meet this criterion: /gm, '')]),
    );
    await writeAll(dir, broken);
    const r = await judge(
      'openspec',
      ['validate', '--changes', '--strict', '--json', '--no-interactive'],
      dir,
    );
    const out = JSON.parse(r.stdout) as Validation;
    expect(out.items[0]!.valid).toBe(false);
    expect(r.code).not.toBe(0);
  });
});

describe('Backlog.md CLI', () => {
  it('lists and shows the tasks Puffin writes, with their criteria and dependencies', async () => {
    const dir = scratchDir('puffin-backlog-');
    await run('git', ['init', '-q'], { cwd: dir });
    await writeAll(dir, writeBacklogMd(sprintBundle(), new Map()));
    const list = await judge('backlog', ['task', 'list', '--json'], dir);
    expect(list.code, list.stdout).toBe(0);
    const tasks = (JSON.parse(list.stdout) as { tasks: Record<string, unknown>[] }).tasks;
    expect(tasks.map((t) => [t.id, t.title, t.status, t.acceptanceCriteriaCount])).toEqual([
      ['TASK-1', 'Sign in with email', 'Done', 3],
      ['TASK-2', 'Reset a forgotten password', 'To Do', 1],
    ]);
    const view = await judge('backlog', ['task', 'view', 'TASK-2', '--plain'], dir);
    expect(view.code).toBe(0);
    expect(view.stdout).toContain('- [ ] #1 A reset link is sent to the registered email');
    expect(view.stdout).toMatch(/Depends on[^\n]*\n└─ TASK-1 - Sign in with email/);
  });
});
