// The "Allow the agent to run shell commands" setting: off unless the user turns it on, kept only as a boolean, and
// saved like every setting from the file on disk, so another face's later change never turns it back off.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogBus } from '../base/logger';
import { sanitizeSettings, SettingsService } from './settingsService';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-agent-shell-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function face(): Promise<SettingsService> {
  const s = new SettingsService(dir, new LogBus().logger('settings'));
  await s.load();
  return s;
}

describe('the agent shell setting', () => {
  it('is off by default and only a boolean turns it on', () => {
    expect(sanitizeSettings({}).agentShell).toBe(false);
    expect(sanitizeSettings({ agentShell: 'yes' }).agentShell).toBe(false);
    expect(sanitizeSettings({ agentShell: 1 }).agentShell).toBe(false);
    expect(sanitizeSettings({ agentShell: true }).agentShell).toBe(true);
  });

  it('is saved from the file on disk: a face that loaded before it was turned on does not turn it off', async () => {
    const app = await face();
    const host = await face();
    await host.update({ agentShell: true });
    expect(app.get().agentShell).toBe(false); // loaded before
    await app.update({ theme: 'dark' });
    const file = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(file).toMatchObject({ agentShell: true, theme: 'dark' });
    expect((await face()).get().agentShell).toBe(true);
  });

  it('reads a value written by hand', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ agentShell: true }));
    expect((await face()).get().agentShell).toBe(true);
  });
});
