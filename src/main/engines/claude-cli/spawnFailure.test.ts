import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnFailure } from './spawnFailure';

const dir = mkdtempSync(join(tmpdir(), 'puffin-spawn-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('spawnFailure', () => {
  it('a missing file is cli_not_found', () => {
    expect(spawnFailure('ENOENT', join(dir, 'nope'))).toEqual({
      code: 'cli_not_found',
      detail: join(dir, 'nope'),
    });
  });

  it('an existing file whose interpreter is missing names the interpreter, not an install', () => {
    const script = join(dir, 'claude');
    writeFileSync(script, '#!/nonexistent/node\nconsole.log(1)\n');
    chmodSync(script, 0o755);
    expect(spawnFailure('ENOENT', script)).toEqual({
      code: 'cli_not_executable',
      detail: `${script} exists, but its interpreter (/nonexistent/node) was not found`,
    });
  });

  it('a folder is named a folder (no chmod advice can make it run)', () => {
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    expect(spawnFailure('EACCES', folder)).toMatchObject({ detail: `${folder} is a folder, not the CLI` });
  });

  it('a file without the execute bit is not executable; other errors are not spawn failures', () => {
    expect(spawnFailure('EACCES', join(dir, 'claude'))?.code).toBe('cli_not_executable');
    expect(spawnFailure('EMFILE', join(dir, 'claude'))).toBeUndefined();
  });
});
