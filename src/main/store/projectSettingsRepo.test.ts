import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProjectSettingsRepo } from './projectSettingsRepo';

const dirs: string[] = [];
function storeDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'puffin-project-settings-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('ProjectSettingsRepo', () => {
  it('keeps a project.json of the previous version as it is (no new fields appear)', async () => {
    const dir = storeDir();
    writeFileSync(path.join(dir, 'project.json'), '{"description":"d","conventions":"c"}');
    const repo = new ProjectSettingsRepo(dir);
    expect(await repo.load()).toEqual({ description: 'd', conventions: 'c' });
  });

  it('stores the stack and the path lists, and a later patch keeps what it does not name', async () => {
    const dir = storeDir();
    const repo = new ProjectSettingsRepo(dir);
    await repo.load();
    await repo.update({ stack: 'TypeScript', neverTouch: ['migrations/'], allowSensitive: ['.env.example'] });
    const after = await repo.update({ description: 'An app' });
    expect(after).toEqual({
      description: 'An app',
      conventions: '',
      stack: 'TypeScript',
      neverTouch: ['migrations/'],
      allowSensitive: ['.env.example'],
    });
    const reloaded = new ProjectSettingsRepo(dir);
    expect(await reloaded.load()).toEqual(after);
    expect(JSON.parse(readFileSync(path.join(dir, 'project.json'), 'utf8'))).toEqual(after);
  });

  it('a patch applies to project.json as it is on disk, not to what was loaded before another face saved', async () => {
    const dir = storeDir();
    const app = new ProjectSettingsRepo(dir);
    const cli = new ProjectSettingsRepo(dir);
    await app.load();
    await cli.load();
    await cli.update({ stack: 'Go', description: 'From the CLI' });
    const after = await app.update({ conventions: 'Tabs' });
    expect(after).toEqual({ description: 'From the CLI', conventions: 'Tabs', stack: 'Go' });
    expect(app.get()).toEqual(after);
    expect(JSON.parse(readFileSync(path.join(dir, 'project.json'), 'utf8'))).toEqual(after);
  });

  it('keeps aside a project.json whose path list is not a list of strings', async () => {
    const dir = storeDir();
    writeFileSync(path.join(dir, 'project.json'), '{"description":"d","conventions":"c","neverTouch":"src"}');
    const repo = new ProjectSettingsRepo(dir);
    expect(await repo.load()).toEqual({ description: '', conventions: '' });
    expect(repo.problems[0]?.reason).toMatch(/^\/neverTouch: must be array/);
    expect(readdirSync(dir).some((f) => f.startsWith('project.json.corrupt-'))).toBe(true);
  });
});
