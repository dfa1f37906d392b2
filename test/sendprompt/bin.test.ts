// The headless CLI as users run it: `node bin/puffin.mjs prompt --schema <file>` (what `npx puffin` runs), with
// node_modules/.bin first on PATH, PUFFIN_CLAUDE_PATH at the real CLI and its API pointed at the mock.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { getSchema } from '../../src/main/llm/schemas';
import { startMockMessagesApi } from '../support/mockMessagesApi';
import { structured } from '../support/mockTurns';
import {
  claudeExecutable,
  cliEnv,
  makeTempHome,
  notLoggedInEnv,
  type CliVersionName,
} from '../support/realCli';
import { anyRunMeta } from '../support/runMeta';
import { ADA, PERSON_PROMPT, PERSON_SCHEMA } from '../support/scenarios';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const binDir = path.join(repo, 'node_modules', '.bin');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function schemaFile(schema: object): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'puffin-bin-schema-')), 'schema.json');
  writeFileSync(file, JSON.stringify(schema));
  return file;
}

/** `bare`: PATH exactly as given (node_modules/.bin holds a `claude` too), node by its path. */
async function puffin(args: string[], input: string, env: Record<string, string>, bare = false) {
  const result = await execa(bare ? process.execPath : 'node', ['bin/puffin.mjs', ...args], {
    cwd: repo,
    input,
    env: bare ? env : { ...env, PATH: `${binDir}${path.delimiter}${env.PATH ?? ''}` },
    extendEnv: false,
    reject: false,
    timeout: 120_000,
  });
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

async function mockedEnv(
  which: CliVersionName,
  turns: Parameters<typeof structured>[0][],
): Promise<Record<string, string>> {
  const mock = await startMockMessagesApi({ script: turns.map((t) => structured(t)) });
  const home = makeTempHome();
  cleanups.push(
    () => mock.close(),
    () => home.cleanup(),
  );
  return { ...cliEnv(mock.url, home.dir), PUFFIN_CLAUDE_PATH: claudeExecutable(which) };
}

describe.each<CliVersionName>(['current', 'old'])('puffin prompt with the real CLI (%s)', (which) => {
  it('prints the DESIGN §6 object and exits 0', async () => {
    const env = await mockedEnv(which, [ADA]);
    const { exitCode, stdout } = await puffin(
      ['prompt', '--schema', schemaFile(PERSON_SCHEMA), '--max-turns', '3'],
      PERSON_PROMPT,
      env,
    );
    expect(exitCode).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!);
    expect(out).toEqual({
      data: ADA,
      source: 'structured_output',
      warnings: [],
      meta: anyRunMeta(which === 'current' ? '2.1.330' : '2.1.186'),
    });
  });
});

describe('puffin prompt', () => {
  it('unwraps --envelope', async () => {
    const stories = [
      {
        title: 'Export',
        description: 'As a user, I want export so that I share',
        acceptanceCriteria: ['a file'],
      },
    ];
    const env = await mockedEnv('current', [{ stories }]);
    const { exitCode, stdout } = await puffin(
      ['prompt', '--schema', schemaFile(getSchema('stories').schema), '--envelope', 'stories'],
      'Derive stories',
      env,
    );
    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout).data).toEqual(stories);
  });

  it('prints the error object and exits 1 when the CLI is not logged in', async () => {
    const home = makeTempHome();
    cleanups.push(() => home.cleanup());
    const env = { ...notLoggedInEnv(home.dir), PUFFIN_CLAUDE_PATH: claudeExecutable('current') };
    const { exitCode, stdout } = await puffin(
      ['prompt', '--schema', schemaFile(PERSON_SCHEMA)],
      PERSON_PROMPT,
      env,
    );
    expect(exitCode).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      error: {
        code: 'not_logged_in',
        message: expect.stringContaining('Run `claude` in a terminal and use /login'),
      },
    });
  });

  it('finds `claude` on PATH when PUFFIN_CLAUDE_PATH is not set', async () => {
    const env = await mockedEnv('current', [ADA]);
    const shimDir = mkdtempSync(path.join(tmpdir(), 'puffin-path-claude-'));
    claudeExecutable('current', shimDir);
    const { PUFFIN_CLAUDE_PATH: _unused, ...rest } = env;
    const { exitCode, stdout } = await puffin(
      ['prompt', '--schema', schemaFile(PERSON_SCHEMA)],
      PERSON_PROMPT,
      {
        ...rest,
        PATH: `${shimDir}${path.delimiter}${rest.PATH}`,
      },
    );
    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout).data).toEqual(ADA);
  });

  it.each([
    [['prompt'], 'invalid_arguments'],
    [['prompt', '--schema', '/nonexistent/schema.json'], 'invalid_schema'],
    [['prompt', '--schema', 'x.json', '--bogus'], 'invalid_arguments'],
  ])('rejects %j with %s', async (args, code) => {
    const { exitCode, stdout } = await puffin(args, 'p', { PATH: process.env.PATH ?? '' });
    expect(exitCode).toBe(1);
    expect(JSON.parse(stdout).error.code).toBe(code);
  });

  it('reports a missing CLI as cli_not_found', async () => {
    const { exitCode, stdout } = await puffin(
      ['prompt', '--schema', schemaFile(PERSON_SCHEMA)],
      'p',
      { PATH: '/nonexistent' },
      true,
    );
    expect(exitCode).toBe(1);
    expect(JSON.parse(stdout).error).toEqual({
      code: 'cli_not_found',
      message: expect.stringContaining('npm install -g @anthropic-ai/claude-code'),
    });
  });
});

describe('puffin extract --legacy', () => {
  it('prints the §6 object for text with JSON in it', async () => {
    const { exitCode, stdout } = await puffin(
      ['extract', '--legacy', '--expect', 'array'],
      'As a [user] I want:\n```json\n[{"a": 1}]\n```',
      { PATH: process.env.PATH ?? '' },
    );
    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      data: [{ a: 1 }],
      source: 'legacy_text',
      warnings: [],
      meta: { strategy: 'json_fence', repaired: false },
    });
  });

  it('prints an error object for text without JSON', async () => {
    const { exitCode, stdout } = await puffin(['extract', '--legacy'], 'no json here', {
      PATH: process.env.PATH ?? '',
    });
    expect(exitCode).toBe(1);
    expect(JSON.parse(stdout)).toEqual({ error: { code: 'no_json', message: expect.any(String) } });
  });

  it('requires --legacy', async () => {
    const { exitCode, stdout } = await puffin(['extract'], '{}', { PATH: process.env.PATH ?? '' });
    expect(exitCode).toBe(1);
    expect(JSON.parse(stdout).error.code).toBe('invalid_arguments');
  });
});
