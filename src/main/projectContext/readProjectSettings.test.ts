import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readProjectSettings } from './readProjectSettings';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(json?: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'puffin-read-settings-'));
  dirs.push(root);
  if (json !== undefined) {
    mkdirSync(path.join(root, '.puffin'));
    writeFileSync(path.join(root, '.puffin', 'project.json'), json);
  }
  return root;
}

describe('readProjectSettings', () => {
  it('reads a valid project.json, with defaults for the fields it lacks', async () => {
    const root = project('{"description":"Recipes","allowSensitive":[".env.example"]}');
    expect(await readProjectSettings(root)).toEqual({
      description: 'Recipes',
      conventions: '',
      allowSensitive: ['.env.example'],
    });
  });

  it('is null without a file or for an invalid one, which it leaves where it is', async () => {
    expect(await readProjectSettings(project())).toBeNull();
    const root = project('{"neverTouch":"src"}');
    expect(await readProjectSettings(root)).toBeNull();
    expect(readdirSync(path.join(root, '.puffin'))).toEqual(['project.json']);
  });
});
