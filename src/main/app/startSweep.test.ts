// Every temp file Puffin makes is swept at the next start of any face (each face starts through createRoot and
// opens projects through project:open), at once when its writer is dead, and never while a live writer may use it.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { STALE_TEMP_MS } from '../store/tempSweep';
import { createRoot } from './core';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'puffin-start-sweep-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

const dead = spawnSync(process.execPath, ['-e', '']).pid;

async function temp(path: string, ageMs = 0): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, '{"partial');
  const t = new Date(Date.now() - ageMs);
  await utimes(path, t, t);
  return path;
}

const names = async (folder: string) => (await readdir(folder)).sort();

it('a face starting sweeps user data; opening a project sweeps its store and the folders Puffin writes', async () => {
  const user = join(dir, 'user');
  const project = join(dir, 'app');
  await temp(join(user, `.settings.json.p${dead}.0123456789ab.tmp`)); // killed a moment ago
  await temp(join(user, '.settings.json.abcdefabcdef.tmp'), STALE_TEMP_MS + 1000); // before writers named themselves
  const live = await temp(join(user, `.keys.json.p${process.pid}.0123456789ab.tmp`)); // being written now
  await temp(join(user, 'cache', 'validators', `0123456789abcdef.js.${dead}.tmp`)); // cut short by a full disk
  await temp(join(project, '.puffin', 'stories', `.s1.json.p${dead}.0123456789ab.tmp`));
  await temp(join(project, 'docs', 'puffin', `.sprint.md.p${dead}.0123456789ab.tmp`));
  await temp(join(project, '.github', 'workflows', `.puffin-verify.yml.p${dead}.0123456789ab.tmp`));

  const root = await createRoot({ userDataDir: user, platform: { face: 'cli' } });
  try {
    expect((await names(user)).filter((n) => n.endsWith('.tmp'))).toEqual([live.split('/').at(-1)]);
    expect(await names(join(user, 'cache', 'validators'))).not.toContain(`0123456789abcdef.js.${dead}.tmp`);
    expect((await root.dispatch('project:open', { path: project }, { face: 'test' })).ok).toBe(true);
    expect(await names(join(project, '.puffin', 'stories'))).toEqual([]);
    expect(await names(join(project, 'docs', 'puffin'))).toEqual([]);
    expect(await names(join(project, '.github', 'workflows'))).toEqual([]);
  } finally {
    await root.dispose();
  }
});
