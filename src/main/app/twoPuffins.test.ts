// Two Puffins on one project (the GUI and a headless command): a running record belongs to the process that
// started it; opening the project elsewhere ends only the runs whose owner is dead.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_META, type Generation } from '../../shared/stories';
import { fakeClaudeEnv, fakeClaudePath, readFakeClaudeRecord } from '../../../test/support/fakeCli';
import { ownerAlive, THIS_PROCESS } from '../store/runOwner';
import { createRoot, type Root } from './core';

let dir: string;
let project: string;
const roots: Root[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-two-'));
  project = join(dir, 'app');
  await mkdir(join(project, '.puffin', 'local', 'history'), { recursive: true });
});
afterEach(async () => {
  await Promise.all(roots.splice(0).map((r) => r.dispose()));
  await rm(dir, { recursive: true, force: true });
});

async function puffin(name: string, env: Record<string, string> = {}): Promise<Root> {
  const root = await createRoot({
    userDataDir: join(dir, name),
    platform: { face: 'cli' },
    llm: { env: () => ({ PATH: process.env.PATH ?? '', PUFFIN_CLAUDE_PATH: fakeClaudePath(), ...env }) },
  });
  roots.push(root);
  const r = await root.dispatch('project:open', { path: project }, { face: 'test' });
  expect(r.ok).toBe(true);
  return root;
}

const stored = async (id: string) =>
  JSON.parse(
    await readFile(join(project, '.puffin', 'local', 'history', `${id}.json`), 'utf8'),
  ) as Generation;

const runningRecord = (id: string, owner?: Generation['owner']): Generation => ({
  id,
  kind: 'derive',
  title: id,
  prompt: 'p',
  status: 'running',
  createdAt: '2030-01-01T00:00:00.000Z',
  warnings: [],
  meta: { ...EMPTY_META },
  ...(owner ? { owner } : {}),
});

describe('two Puffins on one project', () => {
  it("a second Puffin opening the project leaves the first one's running generation alone", async () => {
    const invocations = join(dir, 'invocations.jsonl');
    const gui = await puffin('gui', fakeClaudeEnv({ scenario: 'hang', recordFile: invocations }));
    const running = gui.dispatch(
      'generation:derive',
      { id: 'gen-1', prompt: 'Stories please', deriveStories: true },
      { face: 'test' },
    );
    await vi.waitFor(() => expect(readFakeClaudeRecord(invocations).length).toBeGreaterThan(0), {
      timeout: 20_000,
    });
    expect(await stored('gen-1')).toMatchObject({ status: 'running', owner: THIS_PROCESS });

    await puffin('headless'); // e.g. `puffin plan analyze --project …` while the GUI runs

    expect((await stored('gen-1')).status).toBe('running');
    gui.cancelAll();
    await running;
    await gui.idle();
    const ended = await stored('gen-1');
    expect(ended.status).toBe('cancelled');
    expect(ended.owner).toBeUndefined();
    // The cancel waits for the CLI's --help probe, which the hanging fake answers only at its 20 s timeout.
  }, 90_000);

  it('runs of a dead Puffin, and runs without an owner, are marked interrupted when history is first read', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const deadOwner = { pid: dead, host: hostname(), startedAt: '2030-01-01T00:00:00.000Z' };
    const elsewhere = { pid: dead, host: `${hostname()}-other`, startedAt: '2030-01-01T00:00:00.000Z' };
    for (const g of [
      runningRecord('dead', deadOwner),
      runningRecord('legacy'),
      runningRecord('other-host', elsewhere),
    ])
      await writeFile(join(project, '.puffin', 'local', 'history', `${g.id}.json`), JSON.stringify(g));

    const later = await puffin('later');
    // Opening alone reads no history (a command that never shows it does not pay for it).
    expect((await stored('dead')).status).toBe('running');
    expect((await later.dispatch('history:list', {}, { face: 'test' })).ok).toBe(true);

    expect(await stored('dead')).toMatchObject({ status: 'failed', error: { code: 'interrupted' } });
    expect(await stored('legacy')).toMatchObject({ status: 'failed', error: { code: 'interrupted' } });
    expect((await stored('other-host')).status).toBe('running');
  });
});

describe('ownerAlive', () => {
  const self = { pid: 100, host: 'h', startedAt: 'T0' };
  it('this process is alive; the same pid with another start time is a dead predecessor', () => {
    expect(ownerAlive(self, self, () => false)).toBe(true);
    expect(ownerAlive({ ...self, startedAt: 'T-1' }, self, () => true)).toBe(false);
  });
  it('another pid on this machine is asked; another machine is never judged; no owner is ended', () => {
    expect(ownerAlive({ ...self, pid: 7 }, self, (pid) => pid === 7)).toBe(true);
    expect(ownerAlive({ ...self, pid: 7 }, self, () => false)).toBe(false);
    expect(ownerAlive({ ...self, host: 'x' }, self, () => false)).toBe(true);
    expect(ownerAlive(undefined, self, () => true)).toBe(false);
  });
});
