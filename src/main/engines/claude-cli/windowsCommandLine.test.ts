// Every registered schema, on every way the CLI is launched on Windows, stays under the
// command-line limit that applies (or, through cmd.exe, is refused typed before anything is spawned).
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { buildCliArgs } from './cliArgs';
import { accessArgs } from './grounding/accessArgs';
import { MAX_RULE_CHARS, MAX_RULES } from '../../llm/grounding/policy';
import { invocation, type LocatedCli } from './locateCli';
import { getSchema, SCHEMA_NAMES } from '../../llm/schemas';
import {
  CMD_LINE_LIMIT,
  CREATE_PROCESS_LIMIT,
  compactSchemaArgs,
  quoteWindowsArg,
  windowsCommandLine,
  withoutAnnotations,
} from './windowsCommandLine';

// Every registered workflow schema (src/main/schemas), as the CLI gets it.
const files = SCHEMA_NAMES;
const NPM = 'C:\\Users\\Ada Lovelace-Byron\\AppData\\Roaming\\npm';
const PKG = `${NPM}\\node_modules\\@anthropic-ai\\claude-code`;

/** The longest argv sendPrompt builds: every optional flag, long model names. */
function argsFor(schema: Record<string, unknown>): string[] {
  return buildCliArgs({
    schema,
    maxTurns: 10,
    model: 'claude-sonnet-4-5-20250929',
    fallbackModel: 'claude-opus-4-1-20250805',
    includePartialMessages: true,
    hermetic: true,
  });
}

const routes: Record<string, LocatedCli> = {
  'native claude.exe (npm shim resolved)': {
    path: `${NPM}\\claude.cmd`,
    source: 'path',
    command: `${PKG}\\bin\\claude.exe`,
    argsPrefix: [],
  },
  'node + cli.js (older npm package, shim resolved)': {
    path: `${NPM}\\claude.cmd`,
    source: 'path',
    command: `${NPM}\\node.exe`,
    argsPrefix: [`${PKG}\\cli.js`],
  },
};
const cmdRoute: LocatedCli = {
  path: `${NPM}\\claude.cmd`,
  source: 'path',
  command: 'C:\\Windows\\system32\\cmd.exe',
  argsPrefix: [],
  cmdShim: true,
};

describe('the Windows command line of every schema in src/main/schemas', () => {
  it('has all of them', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  describe.each(Object.entries(routes))('%s: under CreateProcess’s 32,767', (_route, cli) => {
    it.each(files)('%s, with its full annotations', (file) => {
      const schema = getSchema(file).schema;
      const inv = invocation(cli, argsFor(schema));
      expect(inv.args).toContain(JSON.stringify(schema)); // nothing was dropped on this route
      expect(windowsCommandLine(inv.command, inv.args).length).toBeLessThanOrEqual(CREATE_PROCESS_LIMIT);
    });
  });

  // A grounded call carries read-only tools and up to MAX_RULES deny rules (MAX_RULE_CHARS in all) instead.
  const rule = `Read(./${'x'.repeat(Math.floor(MAX_RULE_CHARS / MAX_RULES) - 8)})`;
  const grounded = accessArgs(
    { kind: 'grounded', policy: { denyRules: Array.from({ length: MAX_RULES }, () => rule) } },
    { version: '2.1.330', tools: true, restricted: true, settingSources: true, disallowedTools: true },
  );

  describe.each(Object.entries(routes))('%s, grounded: under 32,767 too', (_route, cli) => {
    it.each(files)('%s', (file) => {
      const schema = getSchema(file).schema;
      if (!grounded.ok) throw new Error('grounded access args not built');
      const args = [
        ...buildCliArgs({ schema, maxTurns: 10, model: 'claude-sonnet-4-5-20250929' }),
        ...grounded.args,
      ];
      const inv = invocation(cli, args);
      expect(windowsCommandLine(inv.command, inv.args).length).toBeLessThanOrEqual(CREATE_PROCESS_LIMIT);
    });
  });

  describe('an unresolved launcher through cmd.exe: under its 8,191, or refused before spawning', () => {
    // The schemas holding the assertion shapes are ~25,000 characters once cmd-escaped, ~15,000 without annotations.
    const tooLong = new Set<string>(['assertions', 'sprint-assertions', 'reverse']);
    it.each(files)('%s', (file) => {
      const schema = getSchema(file).schema;
      const attempt = () => invocation(cmdRoute, argsFor(schema));
      if (tooLong.has(file)) {
        expect(attempt).toThrow(expect.objectContaining({ code: 'command_too_long' }));
        return;
      }
      const inv = attempt();
      expect(inv.windowsVerbatimArguments).toBe(true);
      expect(windowsCommandLine(inv.command, inv.args, true).length).toBeLessThanOrEqual(CMD_LINE_LIMIT);
    });
  });
});

describe('quoteWindowsArg (CommandLineToArgvW rules, as libuv quotes)', () => {
  it.each([
    ['plain', 'plain'],
    ['', '""'],
    ['two words', '"two words"'],
    ['C:\\dir\\', 'C:\\dir\\'],
    ['C:\\my dir\\', '"C:\\my dir\\\\"'],
    ['{"a":1}', '"{\\"a\\":1}"'],
    ['x\\"y', '"x\\\\\\"y"'],
  ])('%j -> %j', (arg, quoted) => expect(quoteWindowsArg(arg)).toBe(quoted));
});

describe('withoutAnnotations', () => {
  const schema = {
    type: 'object',
    description: 'drop me',
    properties: {
      description: { type: 'string', description: 'the property stays, its hint goes' },
      title: { type: 'string', minLength: 1, title: 'T' },
      list: {
        type: 'array',
        items: { type: 'object', $comment: 'x', properties: { n: { type: 'integer' } } },
      },
    },
    required: ['description', 'title'],
    additionalProperties: false,
  };

  it('drops the hints at schema positions only, never a property or a constraint', () => {
    expect(withoutAnnotations(schema)).toEqual({
      type: 'object',
      properties: {
        description: { type: 'string' },
        title: { type: 'string', minLength: 1 },
        list: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
      required: ['description', 'title'],
      additionalProperties: false,
    });
  });

  it('validates every registered schema the same way afterwards', () => {
    const ajv = new Ajv({ strict: false });
    for (const file of files) {
      const full = getSchema(file).schema;
      const bare = JSON.parse(compactSchemaArgs(['--json-schema', JSON.stringify(full)])[1]!) as object;
      const samples = [{}, { x: 1 }, [], 'text'];
      for (const sample of samples) expect(ajv.validate(bare, sample)).toBe(ajv.validate(full, sample));
      expect(JSON.stringify(bare).length).toBeLessThan(JSON.stringify(full).length);
    }
  });
});
