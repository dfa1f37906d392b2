import { describe, expect, it } from 'vitest';
import { buildCliArgs, effectiveMaxTurns } from './cliArgs';

const schema = {
  type: 'object',
  properties: { a: { type: 'string' } },
  required: ['a'],
  additionalProperties: false,
};

describe('buildCliArgs', () => {
  it('builds the documented argv with the schema as one JSON string element', () => {
    expect(buildCliArgs({ schema, maxTurns: 3 })).toEqual([
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--json-schema',
      '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}',
      '--max-turns',
      '3',
    ]);
  });

  it('adds every optional flag in order, each value its own element', () => {
    expect(
      buildCliArgs({
        schema,
        maxTurns: 4,
        model: 'sonnet',
        fallbackModel: 'haiku',
        includePartialMessages: true,
        hermetic: true,
      }).slice(6),
    ).toEqual([
      '--max-turns',
      '4',
      '--model',
      'sonnet',
      '--fallback-model',
      'haiku',
      '--include-partial-messages',
      '--strict-mcp-config',
      '--mcp-config',
      '{"mcpServers":{}}',
      '--tools',
      '',
    ]);
  });

  it('hands a sprint budget’s remainder to the CLI as --max-budget-usd', () => {
    const args = buildCliArgs({ maxTurns: 2, maxBudgetUsd: 1.25 });
    expect(args.slice(args.indexOf('--max-budget-usd'), args.indexOf('--max-budget-usd') + 2)).toEqual([
      '--max-budget-usd',
      '1.25',
    ]);
    expect(buildCliArgs({ maxTurns: 2 })).not.toContain('--max-budget-usd');
  });

  it('never puts the prompt or a disallow of StructuredOutput on the command line', () => {
    const args = buildCliArgs({ schema, maxTurns: 2, hermetic: true, includePartialMessages: true });
    expect(args.join(' ')).not.toMatch(/disallowedTools|allowedTools|StructuredOutput/);
  });

  it('clamps --max-turns up to 2 whenever a schema is attached', () => {
    const turns = (o: Parameters<typeof buildCliArgs>[0]) => {
      const args = buildCliArgs(o);
      return args[args.indexOf('--max-turns') + 1];
    };
    expect(turns({ schema, maxTurns: 1 })).toBe('2');
    expect(turns({ schema, maxTurns: 0 })).toBe('2');
    expect(turns({ schema, maxTurns: 7 })).toBe('7');
    expect(turns({ maxTurns: 1 })).toBe('1');
    expect(effectiveMaxTurns(Number.NaN, true)).toBe(2);
    expect(effectiveMaxTurns(2.7, false)).toBe(2);
  });
});
