// The headless CLI as users run it: `node bin/puffin.cjs prompt --schema <file>` (what `npx puffin` runs), with
// node_modules/.bin first on PATH, PUFFIN_CLAUDE_PATH at the real CLI and its API pointed at the mock.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getSchema } from '../../src/main/llm/schemas';
import { structured } from '../support/mockTurns';
import { claudeExecutable, type CliVersionName } from '../support/realCli';
import { realCliWorld, useRealCliTimeouts } from '../support/realCliTest';
import type { RealCliWorld } from '../support/realCliWorld';
import { anyRunMeta } from '../support/runMeta';
import { ADA, PERSON_PROMPT, PERSON_SCHEMA } from '../support/scenarios';
import { runPuffin } from '../support/puffinBin';
import { scratchDir } from '../support/scratchDir';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const binDir = path.join(repo, 'node_modules', '.bin');

useRealCliTimeouts();

function schemaFile(schema: object): string {
  const file = path.join(scratchDir('puffin-bin-schema-'), 'schema.json');
  writeFileSync(file, JSON.stringify(schema));
  return file;
}

/** `bare`: PATH exactly as given (node_modules/.bin holds a `claude` too), node by its path. */
function puffin(
  args: string[],
  input: string,
  env: Record<string, string>,
  options: { bare?: boolean; world?: RealCliWorld } = {},
) {
  const { bare = false, world } = options;
  return runPuffin(args, {
    input,
    env: bare ? env : { ...env, PATH: `${binDir}${path.delimiter}${env.PATH ?? ''}` },
    cwd: repo,
    ...(bare ? {} : { node: 'node' }),
    ...(world ? { world } : {}),
  });
}

/** A world whose mock answers with these turns, in order. */
function mockedWorld(
  which: CliVersionName,
  turns: Parameters<typeof structured>[0][],
): Promise<RealCliWorld> {
  return realCliWorld({ which, script: turns.map((t) => structured(t)) });
}

describe.each<CliVersionName>(['current', 'old'])('puffin prompt with the real CLI (%s)', (which) => {
  it('prints the one-object output and exits 0', async () => {
    const world = await mockedWorld(which, [ADA]);
    const { exitCode, stdout } = await puffin(
      ['prompt', '--schema', schemaFile(PERSON_SCHEMA), '--max-turns', '3'],
      PERSON_PROMPT,
      world.env,
      { world },
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
    const world = await mockedWorld('current', [{ stories }]);
    const { exitCode, stdout } = await puffin(
      ['prompt', '--schema', schemaFile(getSchema('stories').schema), '--envelope', 'stories'],
      'Derive stories',
      world.env,
      { world },
    );
    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout).data).toEqual(stories);
  });

  it('prints the error object and exits 1 when the CLI is not logged in', async () => {
    const world = await realCliWorld({ auth: 'none' });
    const { exitCode, stdout } = await puffin(
      ['prompt', '--schema', schemaFile(PERSON_SCHEMA)],
      PERSON_PROMPT,
      world.env,
      { world },
    );
    expect(exitCode).toBe(1);
    const { error } = JSON.parse(stdout) as { error: Record<string, unknown> };
    expect(error).toEqual({
      code: 'not_logged_in',
      message: expect.stringContaining('Run `claude` in a terminal and use /login'),
      // The evidence of a prompt failure (how the CLI ended, its last stderr lines), never its raw stdout lines.
      details: expect.objectContaining({ exitCode: 1 }),
    });
    expect(Object.keys(error.details as object)).not.toContain('rawLines');
  });

  it('finds `claude` on PATH when PUFFIN_CLAUDE_PATH is not set', async () => {
    const world = await mockedWorld('current', [ADA]);
    claudeExecutable('current', world.dir);
    const { PUFFIN_CLAUDE_PATH: _unused, ...rest } = world.env;
    const { exitCode, stdout } = await puffin(
      ['prompt', '--schema', schemaFile(PERSON_SCHEMA)],
      PERSON_PROMPT,
      { ...rest, PATH: `${world.dir}${path.delimiter}${rest.PATH}` },
      { world },
    );
    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout).data).toEqual(ADA);
  });

  it.each([
    [['prompt', '--envelope'], 'invalid_arguments'],
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
      { bare: true },
    );
    expect(exitCode).toBe(1);
    expect(JSON.parse(stdout).error).toEqual({
      code: 'cli_not_found',
      message: expect.stringContaining('npm install -g @anthropic-ai/claude-code'),
    });
  });
});

describe('puffin extract --legacy', () => {
  it('prints the one-object output for text with JSON in it', async () => {
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
