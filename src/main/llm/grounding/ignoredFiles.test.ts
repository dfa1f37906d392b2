import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { listIgnored } from './ignoredFiles';

const dirs: string[] = [];
function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'puffin-ignored-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('listIgnored', () => {
  it('lists ignored folders once and ignored files, not tracked or plain untracked ones', async () => {
    const dir = project();
    execFileSync('git', ['init', '-q'], { cwd: dir });
    writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\n*.log\n!keep.log\n');
    mkdirSync(path.join(dir, 'node_modules', 'a'), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules', 'a', 'index.js'), '');
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src', 'debug 1.log'), '');
    writeFileSync(path.join(dir, 'keep.log'), '');
    writeFileSync(path.join(dir, 'src', 'a.ts'), '');
    expect(await listIgnored(dir)).toEqual(['node_modules/', 'src/debug 1.log']);
  });

  it('finds nothing outside a git work tree', async () => {
    const dir = project();
    writeFileSync(path.join(dir, '.gitignore'), '*.log\n');
    writeFileSync(path.join(dir, 'a.log'), '');
    expect(await listIgnored(dir)).toEqual([]);
  });
});
