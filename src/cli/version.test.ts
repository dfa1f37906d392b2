// `puffin --version` prints the one object every command prints, with Puffin's version in data.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPuffin } from '../../test/support/cli/inProcessCli';

describe('puffin --version', () => {
  it.each([['--version'], ['-V']])('%s prints {"data": {"version"}} and exits 0', async (flag) => {
    const pkg = JSON.parse(await readFile(path.join(__dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    const r = await runPuffin([flag], { env: { PATH: '' } });
    expect(r.code).toBe(0);
    expect(r.out).toEqual({ data: { version: pkg.version }, source: null, warnings: [], meta: {} });
    expect(r.stderr).toBe('');
  });

  it('is not taken as a flag of a command', async () => {
    const r = await runPuffin(['--version', 'extra'], { env: { PATH: '' } });
    expect(r.code).toBe(1);
    expect(r.out.error).toMatchObject({ code: 'unknown_command' });
  });
});
