import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadGroundingPolicy } from './loadPolicy';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function gitProject(files: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'puffin-policy-'));
  dirs.push(root);
  for (const rel of files) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), 'x');
  }
  writeFileSync(path.join(root, '.gitignore'), 'build/\n');
  execFileSync('git', ['init', '-q'], { cwd: root });
  return root;
}

describe('loadGroundingPolicy', () => {
  it('refuses git-ignored folders and every default secret pattern', async () => {
    const root = gitProject(['src/a.ts', 'build/out.js', '.env']);
    const policy = await loadGroundingPolicy(root);
    expect(policy.denyRules).toEqual(expect.arrayContaining(['Read(./build/**)', 'Read(**/.env*)']));
    expect(policy.classify('build/out.js')).toBe('ignored');
  });

  it('with an allowed .env.example, names the other env files of the tree one by one', async () => {
    const root = gitProject(['.env', '.env.example', 'api/.env.test', 'build/.env', 'src/a.ts']);
    const policy = await loadGroundingPolicy(root, ['.env.example']);
    expect(policy.denyRules).not.toContain('Read(**/.env*)');
    expect(policy.denyRules).toEqual(
      expect.arrayContaining(['Read(./.env)', 'Read(./api/.env.test)', 'Read(./build/**)']),
    );
    // A file inside an ignored folder is refused by the folder's rule; it needs no rule of its own.
    expect(policy.denyRules).not.toContain('Read(./build/.env)');
    expect(policy.classify('.env.example')).toBeNull();
  });
});
