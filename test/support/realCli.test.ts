// Locating the CLI builds: the native binaries must be found although npm's postinstall never ran.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { claudeBinary, claudeExecutable, cliEnv, notLoggedInEnv, writeClaudeShim } from './realCli';
import { scratchDir } from './scratchDir';

describe('real CLI helpers', () => {
  it.each([
    ['current', '2.1.330'],
    ['old', '2.1.186'],
  ] as const)(
    'finds the %s build (%s) as a native binary that reports its version',
    async (which, version) => {
      const binary = claudeBinary(which);
      expect(binary.version).toBe(version);
      expect(binary.native).toBe(true);
      const result = await execa(claudeExecutable(which), ['--version'], {
        env: { HOME: scratchDir('puffin-version-home-') },
        extendEnv: false,
      });
      expect(result.stdout).toBe(`${version} (Claude Code)`);
    },
  );

  it('writes a `claude` shim that PATH lookup finds and that passes arguments through', async () => {
    const dir = scratchDir('puffin-shim-test-');
    const shim = writeClaudeShim(claudeBinary('old'), dir);
    expect(shim).toBe(path.join(dir, 'claude'));
    const result = await execa('claude', ['--version'], {
      env: { PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`, HOME: dir },
      extendEnv: false,
    });
    expect(result.stdout).toBe('2.1.186 (Claude Code)');
  });

  it('runs the build PUFFIN_CLI_BUILD names: a cli.js package through node, given its folder or its install prefix', () => {
    const prefix = scratchDir('puffin-cli-build-');
    const pkg = path.join(prefix, 'node_modules', '@anthropic-ai', 'claude-code');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(
      path.join(pkg, 'package.json'),
      JSON.stringify({ name: '@anthropic-ai/claude-code', version: '1.0.128', bin: { claude: 'cli.js' } }),
    );
    for (const given of [prefix, pkg]) {
      expect(claudeBinary('build', { PUFFIN_CLI_BUILD: given })).toEqual({
        which: 'build',
        version: '1.0.128',
        command: process.execPath,
        prefixArgs: [path.join(pkg, 'cli.js')],
        native: false,
      });
    }
    expect(() => claudeBinary('build', {})).toThrow(/PUFFIN_CLI_BUILD/);
    expect(() => claudeBinary('build', { PUFFIN_CLI_BUILD: scratchDir('puffin-no-build-') })).toThrow(
      /holds no @anthropic-ai\/claude-code package/,
    );
  });

  it('builds complete environments: with a key for the mock, and without any credentials', () => {
    const env = cliEnv('http://127.0.0.1:1', '/tmp/home', { maxRetries: 2, extra: { FOO: 'bar' } });
    expect(env).toMatchObject({
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:1',
      ANTHROPIC_API_KEY: 'test',
      HOME: '/tmp/home',
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_MAX_RETRIES: '2',
      FOO: 'bar',
    });
    const anonymous = notLoggedInEnv('/tmp/empty');
    expect(Object.keys(anonymous).filter((k) => /ANTHROPIC|CLAUDE_CODE_OAUTH/.test(k))).toEqual([]);
    expect(anonymous.HOME).toBe('/tmp/empty');
  });
});
