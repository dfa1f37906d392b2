// A user settings.json that cannot be read is told to the user as store files are, not only logged: in app:info
// (the desktop app and the browser host show it) and in the headless output's warnings.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppInfo } from '../../shared/ipc/contract';
import { runPuffin } from '../../../test/support/cli/inProcessCli';
import { createRoot } from './core';

let dir: string;
let user: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-settings-problem-'));
  user = join(dir, 'user');
  await mkdir(user, { recursive: true });
  await writeFile(join(user, 'settings.json'), '{"theme": "dark", ');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const told = expect.stringMatching(
  /settings\.json could not be read \(.+\); it was kept aside as .+settings\.json\.corrupt-/,
);

it('app:info carries the problem, naming where the file was kept; a readable file carries none', async () => {
  const root = await createRoot({ userDataDir: user, platform: { face: 'browser' } });
  try {
    const r = await root.dispatch('app:info', {}, { face: 'test' });
    expect(r.ok && (r.value as AppInfo).problems).toEqual([told]);
    const kept = (await readdir(user)).filter((n) => n.startsWith('settings.json.corrupt-'));
    expect((r.ok && (r.value as AppInfo).problems?.[0]) || '').toContain(kept[0]);
  } finally {
    await root.dispose();
  }
  const again = await createRoot({ userDataDir: user, platform: { face: 'browser' } });
  try {
    const r = await again.dispatch('app:info', {}, { face: 'test' });
    expect(r.ok && (r.value as AppInfo).problems).toBeUndefined();
  } finally {
    await again.dispose();
  }
});

it('the headless output warns of it', async () => {
  const project = join(dir, 'app');
  await mkdir(project);
  const run = await runPuffin(['stories', 'list', '--project', project], {
    env: { PATH: process.env.PATH ?? '', HOME: dir, PUFFIN_USER_DATA: user },
  });
  expect(run.code).toBe(0);
  expect(run.out.warnings).toEqual([told]);
});
