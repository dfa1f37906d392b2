import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { commands } from './commands/index';
import { helpText, usage } from './help';
import type { CliIo } from './io';
import type { CommandSpec } from './spec';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-args-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function io(stdin = ''): CliIo {
  const input = new PassThrough();
  input.end(stdin);
  return { stdin: input, stdout: new PassThrough(), stderr: new PassThrough(), env: {}, cwd: dir };
}

const spec: CommandSpec = {
  path: ['demo'],
  summary: 'a command with one flag of each kind',
  channel: 'prompt:run',
  project: true,
  stdin: { field: 'text', what: 'text', trim: true },
  flags: [
    { flag: 'name', kind: 'string', field: 'name' },
    { flag: 'out', kind: 'path', field: 'out' },
    { flag: 'count', kind: 'integer', field: 'count' },
    { flag: 'lock', kind: 'integers', field: 'lock' },
    { flag: 'ids', kind: 'list', field: 'ids' },
    { flag: 'no-save', kind: 'boolean', field: 'save', set: false },
    { flag: 'notes', kind: 'text-file', field: 'notes' },
    { flag: 'set', kind: 'json-file', field: 'set', pick: (j) => (j as { items: unknown }).items },
  ],
  fixed: () => ({ id: 'fixed-id' }),
};

describe('parseArgs: argv → payload', () => {
  it('converts each kind, resolves paths against the caller’s cwd, reads files and stdin', async () => {
    await writeFile(path.join(dir, 'notes.txt'), '  keep this  \n');
    await writeFile(path.join(dir, 'set.json'), '{"items": [1, 2]}');
    const argv = [
      ...['--project', 'proj', '--name=Ada', '--out', 'sub/x.md', '--count', '3'],
      ...['--lock', '1, 3', '--ids', 'a,,b ', '--no-save', '--notes', 'notes.txt', '--set', 'set.json'],
    ];
    expect(await parseArgs(spec, argv, io('  the text \n'))).toEqual({
      project: path.join(dir, 'proj'),
      payload: {
        id: 'fixed-id',
        name: 'Ada',
        out: path.join(dir, 'sub', 'x.md'),
        count: 3,
        lock: [1, 3],
        ids: ['a', 'b'],
        save: false,
        notes: 'keep this',
        set: [1, 2],
        text: 'the text',
      },
    });
  });

  it('plan ris|assertions --only-missing: only the calls that failed or never ran', async () => {
    for (const step of ['ris', 'assertions']) {
      const cmd = commands.find((c) => c.path.join(' ') === `plan ${step}`)!;
      const argv = ['--project', 'p', '--sprint', 's1', '--only-missing'];
      expect((await parseArgs(cmd, argv, io())).payload).toMatchObject({ sprintId: 's1', onlyMissing: true });
      expect((await parseArgs(cmd, argv.slice(0, 4), io())).payload).not.toHaveProperty('onlyMissing');
    }
  });

  it('takes the engine flags of a project command apart from the payload, refusing unknown values', async () => {
    const argv = ['--project', 'p', '--provider', 'anthropic', '--model', 'm1', '--base-url', 'http://h:1'];
    const parsed = await parseArgs(spec, [...argv, '--mode', 'tool'], io());
    expect(parsed.engine).toEqual({
      provider: 'anthropic',
      defaultModel: 'm1',
      baseUrl: 'http://h:1',
      mode: 'tool',
    });
    expect(Object.keys(parsed.payload)).not.toContain('provider');
    await expect(parseArgs(spec, ['--project', 'p', '--provider', 'gpt'], io())).rejects.toMatchObject({
      code: 'invalid_arguments',
    });
    await expect(parseArgs(spec, ['--project', 'p', '--mode', 'json'], io())).rejects.toMatchObject({
      code: 'invalid_arguments',
    });
    expect((await parseArgs(spec, ['--project', 'p'], io())).engine).toBeUndefined();
  });

  it('refuses engine flags on a command that runs its own engine (implement: the Claude Code CLI)', async () => {
    const implement = commands.find((c) => c.path.join(' ') === 'implement')!;
    // Its --provider names the agent; the contract takes only claude-cli (refused there otherwise, on every face).
    const parsed = await parseArgs(
      implement,
      ['--project', 'p', '--story', 's', '--provider', 'claude-cli'],
      io(),
    );
    expect(parsed.payload).toMatchObject({ story: 's', provider: 'claude-cli' });
    for (const flag of [
      ['--model', 'm'],
      ['--base-url', 'http://h:1'],
    ]) {
      await expect(
        parseArgs(implement, ['--project', 'p', '--story', 's', ...flag], io()),
      ).rejects.toMatchObject({
        code: 'invalid_arguments',
        message: expect.stringContaining(flag[0]!) as unknown,
      });
    }
  });

  it('takes --hermetic of a project command apart from the payload', async () => {
    const parsed = await parseArgs(spec, ['--project', 'proj', '--hermetic'], io());
    expect(parsed).toMatchObject({ project: path.join(dir, 'proj'), hermetic: true });
    expect(parsed.payload).not.toHaveProperty('hermetic');
    expect(await parseArgs(spec, ['--project', 'proj'], io())).not.toHaveProperty('hermetic');
  });

  it('leaves values it cannot convert as text, for the contract to refuse', async () => {
    const { payload } = await parseArgs(spec, ['--project', dir, '--count', 'abc', '--lock', '1,x'], io());
    expect(payload).toMatchObject({ count: 'abc', lock: [1, 'x'] });
    expect((await parseArgs(spec, ['--project', dir, '--count', '1.5'], io())).payload.count).toBe('1.5');
  });

  it.each([
    [['--project', 'p', 'stray'], 'unexpected argument "stray"'],
    [['--project', 'p', '--loud'], 'unknown option --loud'],
    [['--project', 'p', '--name', 'a', '--name', 'b'], '--name is given twice'],
    [['--project', 'p', '--name'], '--name needs a value'],
    [['--project', '--name', 'a'], '--project needs a value'],
    [['--project', 'p', '--no-save=yes'], '--no-save takes no value'],
    [['--name', 'a'], '--project is required'],
  ])('%j is invalid_arguments: %s', async (argv, message) => {
    await expect(parseArgs(spec, argv, io())).rejects.toMatchObject({ code: 'invalid_arguments', message });
  });

  it('needs exactly one flag of a oneOf group', async () => {
    const either: CommandSpec = { ...spec, oneOf: [['name', 'ids']] };
    await expect(parseArgs(either, ['--project', 'p'], io())).rejects.toMatchObject({
      message: 'give --name or --ids',
    });
    await expect(
      parseArgs(either, ['--project', 'p', '--name', 'a', '--ids', 'b'], io()),
    ).rejects.toMatchObject({
      message: 'give --name or --ids, not both',
    });
  });

  it('reports an unreadable or unparsable file with the flag’s codes', async () => {
    await expect(parseArgs(spec, ['--project', 'p', '--notes', 'none.txt'], io())).rejects.toMatchObject({
      code: 'file_not_found',
      message: expect.stringContaining(path.join(dir, 'none.txt')),
    });
    await writeFile(path.join(dir, 'bad.json'), '{"items": [');
    await expect(parseArgs(spec, ['--project', 'p', '--set', 'bad.json'], io())).rejects.toMatchObject({
      code: 'invalid_json',
    });
    const custom: CommandSpec = {
      ...spec,
      flags: [
        {
          flag: 'schema',
          kind: 'json-file',
          field: 'schema',
          fileErrors: { read: 'not_found', parse: 'invalid_schema' },
        },
      ],
    };
    await expect(parseArgs(custom, ['--project', 'p', '--schema', 'none.json'], io())).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(parseArgs(custom, ['--project', 'p', '--schema', 'bad.json'], io())).rejects.toMatchObject({
      code: 'invalid_schema',
    });
  });
});

describe('help', () => {
  it('writes each usage line from the spec: required, [optional], (a | b) and stdin', () => {
    const byPath = (p: string) => commands.find((c) => c.path.join(' ') === p)!;
    expect(usage(byPath('prompt'))).toBe(
      // Other engines: --provider, --base-url and --mode (deliberately added).
      'puffin prompt [--schema FILE] [--envelope KEY] [--max-turns N] [--model M] [--provider claude-cli|anthropic|openai|ollama|gemini] [--base-url URL] [--mode auto|native|tool] [--project DIR] [--hermetic]  (prompt on stdin)',
    );
    expect(usage(byPath('assertions evaluate'))).toBe(
      'puffin assertions evaluate --project DIR [--no-save] (--story ID | --assertions FILE)',
    );
    expect(usage(byPath('plan restore'))).toBe(
      'puffin plan restore --project DIR [--hermetic] --sprint ID --revision N',
    );
  });

  it('lists every command', () => {
    const text = helpText(commands);
    for (const c of commands) expect(text).toContain(`puffin ${c.path.join(' ')} `);
    expect(commands.map((c) => c.path.join(' '))).toEqual(
      expect.arrayContaining(['prompt', 'extract', 'title', 'stories derive', 'plan export']),
    );
  });
});
