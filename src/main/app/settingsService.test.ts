import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, MAX_RECENT_PROJECTS, type Settings } from '../../shared/settings';
import { LogBus } from '../base/logger';
import { sanitizeSettings, SettingsService } from './settingsService';

let dir: string;
let bus: LogBus;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-settings-'));
  bus = new LogBus();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fresh(): Promise<SettingsService> {
  const s = new SettingsService(dir, bus.logger('settings'));
  await s.load();
  return s;
}

describe('sanitizeSettings', () => {
  it('returns the defaults for anything that is not an object', () => {
    for (const raw of [null, undefined, 42, 'x', true])
      expect(sanitizeSettings(raw)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps valid fields and drops unknown ones', () => {
    const s = sanitizeSettings({
      claudePath: '/opt/claude',
      maxConcurrent: 16,
      defaultModel: 'opus',
      theme: 'dark',
      recentProjects: ['/a', '/b'],
      apiKey: 'leak',
    });
    expect(s).toEqual({
      claudePath: '/opt/claude',
      maxConcurrent: 16,
      defaultModel: 'opus',
      theme: 'dark',
      recentProjects: ['/a', '/b'],
      engines: { default: { provider: 'claude-cli', model: '', mode: 'auto' }, workflows: {}, baseUrls: {} },
      agentShell: false,
    });
    expect(Object.keys(s).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });

  it.each([
    ['claudePath', 7],
    ['maxConcurrent', 0],
    ['maxConcurrent', 17],
    ['maxConcurrent', 2.5],
    ['maxConcurrent', '4'],
    ['defaultModel', null],
    ['theme', 'neon'],
    ['recentProjects', 'not-a-list'],
  ])('falls back to the default when %s is %j', (field, value) => {
    const s = sanitizeSettings({ [field]: value });
    expect(s[field as keyof Settings]).toEqual(DEFAULT_SETTINGS[field as keyof Settings]);
  });

  it('drops non-string recent projects and caps the list', () => {
    const many = Array.from({ length: MAX_RECENT_PROJECTS + 5 }, (_, i) => `/p${i}`);
    expect(sanitizeSettings({ recentProjects: ['/a', 3, null, '/b'] }).recentProjects).toEqual(['/a', '/b']);
    expect(sanitizeSettings({ recentProjects: many }).recentProjects).toEqual(
      many.slice(0, MAX_RECENT_PROJECTS),
    );
  });

  it('never shares the defaults array', () => {
    const s = sanitizeSettings({});
    s.recentProjects.push('/x');
    expect(DEFAULT_SETTINGS.recentProjects).toEqual([]);
  });
});

describe('SettingsService', () => {
  it('starts from the defaults when there is no file, without writing one', async () => {
    const s = await fresh();
    expect(s.get()).toEqual(DEFAULT_SETTINGS);
    expect(await readdir(dir)).toEqual([]);
  });

  it('persists an update so that a new instance reads it back', async () => {
    const s = await fresh();
    const after = await s.update({ maxConcurrent: 5, theme: 'light', claudePath: '/usr/local/bin/claude' });
    expect(after).toEqual({
      ...DEFAULT_SETTINGS,
      maxConcurrent: 5,
      theme: 'light',
      claudePath: '/usr/local/bin/claude',
    });
    const onDisk = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as unknown;
    expect(onDisk).toEqual(after);
    const again = await fresh();
    expect(again.get()).toEqual(after);
  });

  it('sanitizes what it loads: unknown and ill-typed fields are dropped', async () => {
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ maxConcurrent: 99, theme: 'dark', defaultModel: 3, token: 'secret' }),
    );
    const s = await fresh();
    expect(s.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
  });

  it('sanitizes an update as well', async () => {
    const s = await fresh();
    const after = await s.update({ maxConcurrent: 0, extra: 1 } as unknown as Partial<Settings>);
    expect(after).toEqual(DEFAULT_SETTINGS);
    expect('extra' in after).toBe(false);
  });

  it('keeps a corrupt settings.json aside, uses the defaults and logs an error', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, '{"theme": "dark",');
    const s = await fresh();
    expect(s.get()).toEqual(DEFAULT_SETTINGS);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^settings\.json\.corrupt-/);
    expect(await readFile(join(dir, files[0]!), 'utf8')).toBe('{"theme": "dark",');
    const errors = bus.recent().filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.scope).toBe('settings');
    expect(errors[0]!.message).toContain(files[0]!);
    expect(errors[0]!.message).toMatch(/the defaults are used/);
    // A later update writes a new file and leaves the kept copy alone.
    await s.update({ theme: 'light' });
    expect((await readdir(dir)).sort()).toEqual([files[0], 'settings.json'].sort());
  });

  it('treats a settings.json that is JSON but not an object as corrupt', async () => {
    await writeFile(join(dir, 'settings.json'), '["dark"]');
    const s = await fresh();
    expect(s.get()).toEqual(DEFAULT_SETTINGS);
    expect(bus.recent().some((l) => l.level === 'error' && /must be a JSON object/.test(l.message))).toBe(
      true,
    );
  });

  it('hands out copies, so callers cannot change its state', async () => {
    const s = await fresh();
    const got = s.get();
    got.recentProjects.push('/mutated');
    got.theme = 'dark';
    expect(s.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('remembers recent projects newest first, without duplicates, capped', async () => {
    const s = await fresh();
    await s.rememberProject('/a');
    await s.rememberProject('/b');
    await s.rememberProject('/a');
    expect(s.get().recentProjects).toEqual(['/a', '/b']);
    for (let i = 0; i < MAX_RECENT_PROJECTS + 3; i++) await s.rememberProject(`/p${i}`);
    const recent = s.get().recentProjects;
    expect(recent).toHaveLength(MAX_RECENT_PROJECTS);
    expect(recent[0]).toBe(`/p${MAX_RECENT_PROJECTS + 2}`);
    expect(recent).not.toContain('/a');
    expect(new Set(recent).size).toBe(recent.length);
    expect((await fresh()).get().recentProjects).toEqual(recent);
  });

  it('forgets a recent project', async () => {
    const s = await fresh();
    await s.rememberProject('/a');
    await s.rememberProject('/b');
    expect((await s.forgetProject('/a')).recentProjects).toEqual(['/b']);
    expect((await s.forgetProject('/not-there')).recentProjects).toEqual(['/b']);
  });

  it('tells listeners about every change with a snapshot, until they unsubscribe', async () => {
    const s = await fresh();
    const listener = vi.fn();
    const off = s.onChange(listener);
    await s.update({ theme: 'dark' });
    await s.rememberProject('/a');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener.mock.calls[0]![0]).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(listener.mock.calls[1]![0]).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      recentProjects: ['/a'],
    });
    (listener.mock.calls[1]![0] as Settings).recentProjects.push('/mutated');
    expect(s.get().recentProjects).toEqual(['/a']);
    off();
    await s.update({ theme: 'light' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('fires onChange only after the new settings are on disk', async () => {
    const s = await fresh();
    const seen: unknown[] = [];
    s.onChange(() => {
      seen.push(readFile(join(dir, 'settings.json'), 'utf8').then((t) => JSON.parse(t) as unknown));
    });
    await s.update({ defaultModel: 'sonnet' });
    expect(await seen[0]).toMatchObject({ defaultModel: 'sonnet' });
  });
});

describe('SettingsService: memory agrees with disk', () => {
  it('a save that fails keeps the saved value and tells no listener', async () => {
    const s = await fresh();
    await s.update({ theme: 'dark' });
    const heard = vi.fn();
    s.onChange(heard);
    // A folder where settings.json is: the rename of the written temp file fails for real.
    await rm(join(dir, 'settings.json'));
    await mkdir(join(dir, 'settings.json', 'blocker'), { recursive: true });
    await expect(s.update({ theme: 'light' })).rejects.toThrow();
    await expect(s.rememberProject('/p')).rejects.toThrow();
    expect(s.get()).toMatchObject({ theme: 'dark', recentProjects: [] });
    expect(heard).not.toHaveBeenCalled();
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('concurrent changes both land', async () => {
    const s = await fresh();
    await Promise.all([s.rememberProject('/a'), s.rememberProject('/b'), s.update({ theme: 'dark' })]);
    expect(s.get()).toMatchObject({ theme: 'dark', recentProjects: ['/b', '/a'] });
    expect((await fresh()).get()).toEqual(s.get());
  });
});

// Two instances on one folder are two faces (the desktop app, the browser host, the headless CLI): they share it.
describe('SettingsService: faces sharing the user-data folder', () => {
  it("a change applies to the file as it is on disk: one face's settings are never written back as they were", async () => {
    const app = await fresh();
    const host = await fresh();
    await host.update({ theme: 'dark', defaultModel: 'opus' });
    const after = await app.rememberProject('/p');
    expect(after).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      defaultModel: 'opus',
      recentProjects: ['/p'],
    });
    expect(app.get()).toEqual(after);
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toEqual(after);
    await host.update({ maxConcurrent: 3 });
    expect((await fresh()).get()).toEqual({ ...after, maxConcurrent: 3 });
  });

  it('keeps the keys this build does not know (a newer Puffin wrote them) when it saves', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ theme: 'dark', fromNewerPuffin: { on: true } }));
    const s = await fresh();
    const after = await s.update({ defaultModel: 'sonnet' });
    expect(after).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', defaultModel: 'sonnet' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ ...after, fromNewerPuffin: { on: true } });
  });

  it('a settings.json another face left unreadable is kept aside when saving, and the change starts from the defaults', async () => {
    const s = await fresh();
    await s.update({ theme: 'dark' });
    await writeFile(join(dir, 'settings.json'), '{"theme": ');
    expect(await s.update({ defaultModel: 'opus' })).toEqual({ ...DEFAULT_SETTINGS, defaultModel: 'opus' });
    const kept = (await readdir(dir)).filter((n) => n.startsWith('settings.json.corrupt-'));
    expect(kept).toHaveLength(1);
    expect(await readFile(join(dir, kept[0]!), 'utf8')).toBe('{"theme": ');
    expect(
      bus
        .recent()
        .filter((l) => l.level === 'error')
        .map((l) => l.message),
    ).toEqual([expect.stringContaining(kept[0]!)]);
  });
});
