import type * as FsPromises from 'node:fs/promises';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectInfo } from '../../shared/project';
import { STORE_VERSION } from '../store/storeMeta';
import { LogBus } from '../base/logger';
import { normalizeProjectPath, ProjectService } from './projectService';
import { SettingsService } from './settingsService';

// `access` is wrapped so one test can make a folder look read-only (we run as root, so chmod would not).
const fsControl = vi.hoisted(() => ({ denyWrite: new Set<string>() }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  return {
    ...real,
    access: vi.fn(async (path: Parameters<typeof real.access>[0], mode?: number) => {
      if (fsControl.denyWrite.has(String(path)))
        throw Object.assign(new Error(`EACCES: permission denied, access '${String(path)}'`), {
          code: 'EACCES',
        });
      return real.access(path, mode);
    }),
  };
});

let root: string;
let userData: string;
let bus: LogBus;
let settings: SettingsService;
let projects: ProjectService;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'puffin-project-'));
  userData = join(root, 'user-data');
  await mkdir(userData);
  bus = new LogBus();
  settings = new SettingsService(userData, bus.logger('settings'));
  await settings.load();
  projects = new ProjectService(settings, bus.logger('project'));
  fsControl.denyWrite.clear();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function expectRefusal(input: string, code: string): Promise<void> {
  const changed = vi.fn();
  projects.onChange(changed);
  await expect(projects.open(input)).rejects.toMatchObject({ name: 'ServiceError', code });
  expect(projects.get()).toBeNull();
  expect(settings.get().recentProjects).toEqual([]);
  expect(changed).not.toHaveBeenCalled();
}

describe('normalizeProjectPath', () => {
  it('expands ~ and ~/ against the home folder', () => {
    expect(normalizeProjectPath('~', '/home/me')).toBe('/home/me');
    expect(normalizeProjectPath('~/code/app', '/home/me')).toBe('/home/me/code/app');
    expect(normalizeProjectPath('  ~/x/  ', '/home/me')).toBe('/home/me/x');
  });

  it('normalises an absolute path', () => {
    expect(normalizeProjectPath('/a/b/../c/./d/', '/h')).toBe('/a/c/d');
  });

  it.each(['relative/dir', './here', '../up', '~other/dir', 'C:relative'])(
    'refuses the relative path %j with invalid_payload',
    (input) => {
      expect(() => normalizeProjectPath(input, '/home/me')).toThrow(
        expect.objectContaining({ code: 'invalid_payload', message: expect.stringMatching(/absolute path/) }),
      );
    },
  );
});

describe('ProjectService.open', () => {
  it('opening creates no .puffin/; the first save does, with its store.json, and the next open reports the existing store', async () => {
    const project = join(root, 'my-app');
    await mkdir(project);
    const changed = vi.fn();
    projects.onChange(changed);

    const first = await projects.open(project);
    expect(first).toMatchObject({
      name: 'my-app',
      path: project,
      store: {
        dir: join(project, '.puffin'),
        exists: false,
        createdAt: null,
        version: STORE_VERSION,
        quarantined: [],
      },
    });
    expect(await readdir(project)).toEqual([]);
    expect(projects.get()).toEqual(first);
    expect(changed).toHaveBeenCalledWith(first);
    expect(settings.get().recentProjects).toEqual([project]);

    await projects.requireStore().settings.update({ description: 'D' });
    // store.json comes with the first save (not at the next open): a store is never without its version.
    expect((await readdir(join(project, '.puffin'))).sort()).toEqual([
      '.gitignore',
      'project.json',
      'store.json',
    ]);
    // The open project says so at once (project:changed): no "No .puffin/ yet" once it exists.
    const created = projects.get()!.store;
    expect(created).toMatchObject({ exists: true, createdAt: expect.any(String) });
    expect(changed).toHaveBeenLastCalledWith(projects.get());
    await projects.requireStore().settings.update({ description: 'E' });
    expect(changed).toHaveBeenCalledTimes(2); // told once, not at every save

    const second = await projects.open(project + '/');
    expect(second.path).toBe(project);
    expect(second.store).toMatchObject({ exists: true, createdAt: expect.any(String) });
    const meta = JSON.parse(await readFile(join(project, '.puffin', 'store.json'), 'utf8')) as unknown;
    expect(meta).toEqual({ version: STORE_VERSION, createdAt: second.store.createdAt });
    expect((await projects.open(project)).store.createdAt).toBe(second.store.createdAt);
    expect(settings.get().recentProjects).toEqual([project]);
    expect(bus.recent().some((l) => l.scope === 'project' && /Opened project my-app/.test(l.message))).toBe(
      true,
    );
  });

  it.each([
    ['the file system root', () => '/', /root of the file system/],
    ['the home folder', () => root, /your home folder/],
    ['the home folder as ~', () => '~', /your home folder/],
    ['a system folder', () => '/etc', /a system folder/],
    ['another system folder', () => '/usr', /a system folder/],
    ['a folder holding the home folder', () => dirname(root), /a system folder/],
  ])('refuses %s with not_a_project_folder and creates nothing', async (_what, input, message) => {
    vi.stubEnv('HOME', root);
    try {
      await expect(projects.open(input())).rejects.toMatchObject({
        code: 'not_a_project_folder',
        message: expect.stringMatching(message) as unknown as string,
      });
      expect(await exists(join(root, '.puffin'))).toBe(false);
      expect(projects.get()).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses a missing folder with not_found and creates nothing', async () => {
    const missing = join(root, 'nope', 'deeper');
    await expectRefusal(missing, 'not_found');
    expect(await exists(join(root, 'nope'))).toBe(false);
    expect(await readdir(userData)).toEqual([]);
  });

  it('refuses a file with not_a_directory and leaves it alone', async () => {
    const file = join(root, 'notes.txt');
    await writeFile(file, 'hello');
    await expectRefusal(file, 'not_a_directory');
    expect(await readFile(file, 'utf8')).toBe('hello');
    expect(await exists(join(root, '.puffin'))).toBe(false);
  });

  it('refuses a relative path with invalid_payload', async () => {
    await expectRefusal('some/relative/dir', 'invalid_payload');
  });

  it('expands ~ to the home folder', async () => {
    // os.homedir() follows $HOME, so a temp home keeps the real one untouched.
    vi.stubEnv('HOME', root);
    try {
      await mkdir(join(root, 'in-home'));
      const info = await projects.open('~/in-home');
      expect(info.path).toBe(join(root, 'in-home'));
      expect(await exists(join(root, 'in-home', '.puffin'))).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses a folder it cannot write to with not_writable and writes nothing', async () => {
    const project = join(root, 'read-only');
    await mkdir(project);
    fsControl.denyWrite.add(project);
    await expectRefusal(project, 'not_writable');
    expect(await readdir(project)).toEqual([]);
  });

  it('keeps a corrupt store.json aside, reports it and writes a fresh one', async () => {
    const project = join(root, 'damaged');
    await mkdir(join(project, '.puffin'), { recursive: true });
    await writeFile(join(project, '.puffin', 'store.json'), '{"version": 1, "createdAt": ');
    const info = await projects.open(project);
    expect(info.store.exists).toBe(true);
    expect(info.store.quarantined).toHaveLength(1);
    const kept = info.store.quarantined[0]!;
    expect(kept).toMatch(/^store\.json\.corrupt-/);
    expect(await readFile(join(project, '.puffin', kept), 'utf8')).toBe('{"version": 1, "createdAt": ');
    const fresh = JSON.parse(await readFile(join(project, '.puffin', 'store.json'), 'utf8')) as unknown;
    expect(fresh).toEqual({ version: STORE_VERSION, createdAt: info.store.createdAt });
    const errors = bus.recent().filter((l) => l.level === 'error');
    expect(errors.some((l) => l.message.includes(`.puffin/${kept}`))).toBe(true);
  });

  it('removes temp files that killed writes left in .puffin more than a minute ago when the project opens', async () => {
    const project = join(root, 'killed');
    const stories = join(project, '.puffin', 'stories');
    await mkdir(stories, { recursive: true });
    const old = new Date(Date.now() - 10 * 60_000);
    await writeFile(join(stories, '.s1.json.0123456789ab.tmp'), '{"half');
    await utimes(join(stories, '.s1.json.0123456789ab.tmp'), old, old);
    await writeFile(join(stories, '.s2.json.0123456789ac.tmp'), '{"in progress');
    await projects.open(project);
    expect(await readdir(stories)).toEqual(['.s2.json.0123456789ac.tmp']);
    expect(bus.recent().some((l) => /Removed 1 temp file/.test(l.message))).toBe(true);
  });

  it('a failed open (settings cannot be saved) leaves the previous project open and announces nothing', async () => {
    const a = join(root, 'a');
    const b = join(root, 'b');
    await mkdir(a);
    await mkdir(b);
    const first = await projects.open(a);
    const changed = vi.fn();
    projects.onChange(changed);
    await rm(join(userData, 'settings.json'));
    await mkdir(join(userData, 'settings.json', 'blocker'), { recursive: true });
    await expect(projects.open(b)).rejects.toThrow();
    expect(projects.get()).toEqual(first);
    expect(projects.requireStore().dir).toBe(join(a, '.puffin'));
    expect(changed).not.toHaveBeenCalled();
    expect(settings.get().recentProjects).toEqual([a]);
  });

  it('refuses a store written by a newer Puffin with store_too_new and leaves it untouched', async () => {
    const project = join(root, 'future');
    await mkdir(join(project, '.puffin'), { recursive: true });
    const text = JSON.stringify({ version: 99, createdAt: '2030-01-01T00:00:00.000Z' });
    await writeFile(join(project, '.puffin', 'store.json'), text);
    await expectRefusal(project, 'store_too_new');
    expect(await readFile(join(project, '.puffin', 'store.json'), 'utf8')).toBe(text);
    expect(await readdir(join(project, '.puffin'))).toEqual(['store.json']);
  });

  it('hands listeners the opened project and stops after unsubscribe', async () => {
    const a = join(root, 'a');
    const b = join(root, 'b');
    await mkdir(a);
    await mkdir(b);
    const seen: (ProjectInfo | null)[] = [];
    const off = projects.onChange((p) => seen.push(p));
    await projects.open(a);
    off();
    await projects.open(b);
    expect(seen.map((p) => p && basename(p.path))).toEqual(['a']);
    expect(settings.get().recentProjects).toEqual([b, a]);
  });

  it('reports a store that cannot be created for another reason as store_error, not not_writable', async () => {
    const dir = join(root, 'blocked');
    await mkdir(dir);
    // A file where the .puffin folder should be: mkdir fails with EEXIST/ENOTDIR, not a permission error.
    await writeFile(join(dir, '.puffin'), 'not a folder');
    await expect(projects.open(dir)).rejects.toMatchObject({
      code: 'store_error',
      message: expect.stringContaining('Could not open the project store') as unknown as string,
    });
    expect(await readFile(join(dir, '.puffin'), 'utf8')).toBe('not a folder');
    expect(projects.get()).toBeNull();
  });
});
