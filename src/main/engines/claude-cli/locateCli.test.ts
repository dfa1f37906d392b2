import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { candidateNames, invocation, locateCli } from './locateCli';
import { readLoginShellPath } from './loginShellPath';

let root: string;
const dir = (name: string) => join(root, name);

async function file(path: string, mode: number, content = '#!/bin/sh\necho claude\n') {
  await writeFile(path, content);
  await chmod(path, mode);
  return path;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'puffin-locate-'));
  for (const d of ['empty', 'good', 'noexec', 'shell', 'other']) await mkdir(dir(d));
  await file(join(dir('good'), 'claude'), 0o755);
  await file(join(dir('noexec'), 'claude'), 0o644);
  await file(join(dir('shell'), 'claude'), 0o755);
  await file(join(dir('other'), 'my-claude'), 0o755);
  await mkdir(join(dir('other'), 'claude')); // a directory named claude is not the CLI
});
afterAll(() => rm(root, { recursive: true, force: true }));

const noShell = async () => {
  throw new Error('login shell must not be consulted');
};

describe('locateCli', () => {
  it('prefers the settings path over everything else', async () => {
    const settingsPath = join(dir('other'), 'my-claude');
    const cli = await locateCli({
      settingsPath,
      env: { PUFFIN_CLAUDE_PATH: join(dir('good'), 'claude'), PATH: dir('good') },
      platform: 'linux',
    });
    expect(cli).toEqual({ path: settingsPath, source: 'settings', command: settingsPath, argsPrefix: [] });
  });

  it('uses PUFFIN_CLAUDE_PATH when settings has none', async () => {
    const target = join(dir('other'), 'my-claude');
    const cli = await locateCli({
      settingsPath: '  ',
      env: { PUFFIN_CLAUDE_PATH: target, PATH: dir('good') },
      platform: 'linux',
    });
    expect(cli).toMatchObject({ path: target, source: 'env' });
  });

  it('reports a wrong explicit path instead of silently using another claude', async () => {
    const missing = join(dir('empty'), 'nope');
    await expect(
      locateCli({ settingsPath: missing, env: { PATH: dir('good') }, platform: 'linux' }),
    ).rejects.toMatchObject({
      code: 'cli_not_found',
      message: expect.stringContaining(`the path in Settings does not exist: ${missing}`),
    });
    await expect(
      locateCli({
        env: { PUFFIN_CLAUDE_PATH: join(dir('noexec'), 'claude'), PATH: dir('good') },
        platform: 'linux',
      }),
    ).rejects.toMatchObject({
      code: 'cli_not_executable',
      diagnostics: { cliPath: join(dir('noexec'), 'claude') },
    });
    await expect(locateCli({ settingsPath: dir('good'), env: {}, platform: 'linux' })).rejects.toMatchObject({
      code: 'cli_not_executable',
    });
  });

  it('searches PATH in order, skipping directories and files it cannot run', async () => {
    const PATH = [dir('empty'), dir('other'), dir('noexec'), dir('good')].join(':');
    const cli = await locateCli({ env: { PATH }, platform: 'linux', loginShellPath: noShell });
    expect(cli).toMatchObject({ path: join(dir('good'), 'claude'), source: 'path' });
  });

  it("never picks Puffin's own node_modules/.bin (the test copy of the CLI npm puts first on PATH)", async () => {
    const app = dir('puffin-checkout');
    const bin = join(app, 'node_modules', '.bin');
    await mkdir(bin, { recursive: true });
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'puffin' }));
    await file(join(bin, 'claude'), 0o755);
    const PATH = [bin, dir('good')].join(':');
    const cli = await locateCli({ env: { PATH }, platform: 'linux', loginShellPath: noShell });
    expect(cli).toMatchObject({ path: join(dir('good'), 'claude'), source: 'path' });
    // Another project's node_modules/.bin is the user's own business: used as PATH orders it.
    const other = join(dir('someone-else'), 'node_modules', '.bin');
    await mkdir(other, { recursive: true });
    await writeFile(join(dir('someone-else'), 'package.json'), JSON.stringify({ name: 'their-tool' }));
    await file(join(other, 'claude'), 0o755);
    const theirs = await locateCli({
      env: { PATH: [other, dir('good')].join(':') },
      platform: 'linux',
      loginShellPath: noShell,
    });
    expect(theirs.path).toBe(join(other, 'claude'));
    // Only Puffin's own copy on PATH: not found, rather than silently running the test copy.
    await expect(
      locateCli({ env: { PATH: bin }, platform: 'linux', loginShellPath: noShell }),
    ).rejects.toMatchObject({
      code: 'cli_not_found',
    });
  });

  it('says "not executable" when the only claude on PATH cannot run', async () => {
    await expect(locateCli({ env: { PATH: dir('noexec') }, platform: 'linux' })).rejects.toMatchObject({
      code: 'cli_not_executable',
    });
  });

  it('says "not found" with install instructions when there is none', async () => {
    await expect(locateCli({ env: { PATH: dir('empty') }, platform: 'linux' })).rejects.toMatchObject({
      code: 'cli_not_found',
      message: expect.stringContaining('npm install -g @anthropic-ai/claude-code'),
    });
  });

  it('asks the login shell only for the desktop app on macOS/Linux', async () => {
    const shells: (string | undefined)[] = [];
    const loginShellPath = async (shell: string | undefined) => {
      shells.push(shell);
      return [dir('empty'), dir('shell')].join(':');
    };
    const env = { PATH: dir('empty'), SHELL: '/bin/zsh' };
    const cli = await locateCli({ env, platform: 'darwin', desktop: true, loginShellPath });
    expect(cli).toMatchObject({ path: join(dir('shell'), 'claude'), source: 'login-shell' });
    expect(shells).toEqual(['/bin/zsh']);
    await expect(
      locateCli({ env, platform: 'darwin', desktop: false, loginShellPath }),
    ).rejects.toMatchObject({
      code: 'cli_not_found',
    });
    await expect(locateCli({ env, platform: 'win32', desktop: true, loginShellPath })).rejects.toMatchObject({
      code: 'cli_not_found',
    });
    expect(shells).toHaveLength(1);
  });

  it('builds the argv without a shell', () => {
    const cli = { path: '/x/claude', source: 'path' as const, command: '/x/claude', argsPrefix: [] };
    expect(invocation(cli, ['-p', '--tools', ''])).toEqual({
      command: '/x/claude',
      args: ['-p', '--tools', ''],
    });
    const node = { ...cli, command: 'C:\\node.exe', argsPrefix: ['C:\\npm\\cli.js'] };
    expect(invocation(node, ['-p'])).toEqual({ command: 'C:\\node.exe', args: ['C:\\npm\\cli.js', '-p'] });
    const shim = {
      ...cli,
      path: 'C:\\npm\\claude.cmd',
      command: 'C:\\Windows\\system32\\cmd.exe',
      cmdShim: true,
    };
    expect(invocation(shim, ['-p'])).toEqual({
      command: 'C:\\Windows\\system32\\cmd.exe',
      args: ['/d', '/s', '/c', '"C:\\npm\\claude.cmd ^^^"-p^^^""'],
      windowsVerbatimArguments: true,
    });
  });

  it('tries each PATHEXT on Windows', () => {
    expect(candidateNames('win32', { PATHEXT: '.COM;.EXE;.BAT;.CMD' })).toEqual([
      'claude.com',
      'claude.exe',
      'claude.bat',
      'claude.cmd',
    ]);
    expect(candidateNames('win32', {})).toContain('claude.cmd');
    expect(candidateNames('linux', { PATHEXT: '.EXE' })).toEqual(['claude']);
  });
});

describe('readLoginShellPath', () => {
  it('picks the PATH out of whatever the rc files print', async () => {
    const shell = await file(
      join(root, 'banner-shell'),
      0o755,
      `#!/bin/sh\necho "Welcome to your shell"\nprintf '__PUFFIN_PATH__%s__PUFFIN_PATH__' "/opt/homebrew/bin:/usr/bin"\necho bye\n`,
    );
    expect(await readLoginShellPath({ shell })).toBe('/opt/homebrew/bin:/usr/bin');
  });

  it('runs the real login shell', async () => {
    const value = await readLoginShellPath({ shell: '/bin/bash' });
    expect(value).toMatch(/(^|:)\/(usr\/)?bin(:|$)/);
  });

  it('gives up after the timeout on a shell that hangs', async () => {
    const shell = await file(join(root, 'hanging-shell'), 0o755, '#!/bin/sh\nexec sleep 30\n');
    const started = Date.now();
    expect(await readLoginShellPath({ shell, timeoutMs: 300 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
